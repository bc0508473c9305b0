import type { ReactNode } from 'react';
import { LoadBoundary } from '../components/load-boundary';
import { PageLoading } from '../components/page-loading';
import { QueryProvider } from '../lib/query-provider';

/** The account pages' data cache, in its own chunk: a visitor of / never downloads TanStack Query. */
export default function AccountShell({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <LoadBoundary loading={<PageLoading />}>{children}</LoadBoundary>
    </QueryProvider>
  );
}
