import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../components/notifications/notification-context';
import type { SessionUser } from '../lib/auth/claims';
import { SessionContext, type Session } from '../lib/auth/session-context';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u-1',
    username: 'nova',
    firstName: 'Nova',
    lastName: 'Reyes',
    email: 'nova@example.test',
    groups: [],
    roles: [],
    ...overrides,
  };
}

/** A Session test double; async methods resolve at once unless overridden. */
export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    status: 'anonymous',
    user: null,
    accountUrl: 'http://idp.test/realms/default/account',
    login: async () => {},
    stepUp: async () => {},
    register: async () => {},
    logout: async () => {},
    getAccessToken: async () => null,
    ...overrides,
  };
}

export function signedIn(user: Partial<SessionUser> = {}, overrides: Partial<Session> = {}): Session {
  return makeSession({ status: 'authenticated', user: makeUser(user), ...overrides });
}

/** Renders inside a memory router, notifications and the given session. */
export function renderApp(ui: ReactElement, { session = makeSession(), route = '/' } = {}) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <NotificationProvider>
        <SessionContext value={session}>{ui}</SessionContext>
      </NotificationProvider>
    </MemoryRouter>,
  );
}
