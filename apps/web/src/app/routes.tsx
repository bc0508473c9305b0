import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { LoadBoundary } from '../components/load-boundary';
import { PageLoading } from '../components/page-loading';
import { HomePage } from '../features/public/home-page';
import { AccountArea, loadMyReports, loadMySanctions, loadPlayerChat } from './account-area';
import { AdminArea } from './admin-area';
import { DeskArea } from './desk-area';
import { DefaultLayout } from './layouts/default-layout';
import { RootLayout } from './layouts/root-layout';

// Only the landing page ships in the entry chunk; the rest loads on demand
// (the admin console especially: visitors never download it).
const DevLogPage = lazy(() => import('../features/public/dev-log-page'));
const ArticlePage = lazy(() => import('../features/public/article-page'));
const NotFoundPage = lazy(() => import('../features/public/not-found-page'));

const page = (element: ReactNode) => <LoadBoundary loading={<PageLoading />}>{element}</LoadBoundary>;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<DefaultLayout />}>
          <Route index element={<HomePage />} />
          <Route path="blog" element={page(<DevLogPage />)} />
          <Route path="blog/:id" element={page(<ArticlePage />)} />
          <Route path="account/sanctions" element={page(<AccountArea key="sanctions" load={loadMySanctions} />)} />
          <Route path="account/reports" element={page(<AccountArea key="reports" load={loadMyReports} />)} />
          <Route path="account/chat" element={page(<AccountArea key="chat" load={loadPlayerChat} />)} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
        <Route
          path="moderation/*"
          element={
            <LoadBoundary frame={(content) => <DefaultLayout>{content}</DefaultLayout>}>
              <DeskArea />
            </LoadBoundary>
          }
        />
        <Route
          path="admin/*"
          element={
            <LoadBoundary frame={(content) => <DefaultLayout>{content}</DefaultLayout>}>
              <AdminArea />
            </LoadBoundary>
          }
        />
      </Route>
    </Routes>
  );
}
