import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { NotificationProvider } from '../../components/notifications/notification-context';
import { ADMIN_GROUP } from '../../lib/auth/access';
import { SessionContext } from '../../lib/auth/session-context';
import { signedIn } from '../../test/render';

export const MODERATOR = signedIn({ id: 'u-mod', username: 'moderator', groups: ['/Moderator'] });
export const ADMIN = signedIn({ id: 'u-admin', username: 'admin', groups: [ADMIN_GROUP] });

/** One screen at `route` (matched by `path`) with a fresh query cache, notifications and a session. */
export function renderScreen(ui: ReactElement, { route = '/', path = '/', session = MODERATOR } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={client}>
        <NotificationProvider>
          <SessionContext value={session}>
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </SessionContext>
        </NotificationProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
