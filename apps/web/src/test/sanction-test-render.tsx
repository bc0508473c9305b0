import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { NotificationProvider } from '../components/notifications/notification-context';
import { ADMIN_GROUP } from '../lib/auth/access';
import { SessionContext } from '../lib/auth/session-context';
import { ApiTransportContext, type ApiTransports } from '../lib/rpc/transport-context';
import { signedIn } from './render';
import { CapabilitiesContext } from '../lib/access/capabilities';
import { capabilitiesOfGroups } from './capabilities';

export const MODERATOR = signedIn({ id: 'u-mod', username: 'moderator', groups: ['/Moderator'] });
export const ADMIN = signedIn({ id: 'u-admin', username: 'admin', groups: [ADMIN_GROUP] });

interface ScreenOptions {
  /** The test server the screen's real clients talk to (src/test/sanction-test-server.ts). */
  transports: ApiTransports;
  route?: string;
  path?: string;
  session?: typeof MODERATOR;
}

/** One screen at `route` (matched by `path`) with a fresh query cache, notifications, a session and the test server. */
export function renderScreen(ui: ReactElement, { transports, route = '/', path = '/', session = MODERATOR }: ScreenOptions) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ApiTransportContext value={transports}>
      <MemoryRouter initialEntries={[route]}>
        <QueryClientProvider client={client}>
          <NotificationProvider>
            <SessionContext value={session}>
              <CapabilitiesContext value={capabilitiesOfGroups(session.user?.groups ?? [])}>
                <Routes>
                  <Route path={path} element={ui} />
                  <Route path="*" element={<p>elsewhere</p>} />
                </Routes>
              </CapabilitiesContext>
            </SessionContext>
          </NotificationProvider>
        </QueryClientProvider>
      </MemoryRouter>
    </ApiTransportContext>,
  );
}
