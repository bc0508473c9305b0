import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { ADMIN_GROUP } from '../lib/auth/access';
import { HomePage } from '../features/public/home-page';
import { DefaultLayout } from './layouts/default-layout';
import { RootLayout } from './layouts/root-layout';

// Only the landing page ships in the entry chunk; the rest loads on demand
// (the admin console especially: visitors never download it).
const DevLogPage = lazy(() => import('../features/public/dev-log-page'));
const ArticlePage = lazy(() => import('../features/public/article-page'));
const NotFoundPage = lazy(() => import('../features/public/not-found-page'));
const RouteGuard = lazy(() => import('../features/auth/route-guard'));
const AdminConsole = lazy(() => import('./admin-console'));

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

function AdminArea() {
  const frame = (content: ReactNode) => <DefaultLayout>{content}</DefaultLayout>;
  return (
    <Suspense fallback={frame(<PageLoading message="Checking your session…" />)}>
      <RouteGuard requiredGroups={[ADMIN_GROUP]} frame={frame}>
        <Suspense fallback={<PageLoading message="Loading the admin console…" />}>
          <AdminConsole />
        </Suspense>
      </RouteGuard>
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<DefaultLayout />}>
          <Route index element={<HomePage />} />
          <Route path="blog" element={page(<DevLogPage />)} />
          <Route path="blog/:id" element={page(<ArticlePage />)} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
        <Route path="admin/*" element={<AdminArea />} />
      </Route>
    </Routes>
  );
}
