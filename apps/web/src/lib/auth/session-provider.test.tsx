import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../../components/notifications/notification-context';
import type { RuntimeConfig } from '../runtime-config';
import { useSession, type Session } from './session-context';
import { SESSION_HINT_COOKIE } from './session-hint';
import { SessionProvider } from './session-provider';
import { MSG_LOGIN_NOT_CONFIGURED } from './session-messages';

// The real sign-in code (oidc-client-ts) is exercised by the e2e tests; here a stand-in records how it was mounted.
const mounted = vi.hoisted(() => ({ silentCheck: [] as boolean[], logins: 0 }));
vi.mock('./oidc-session-provider', () => ({
  default: function FakeOidc({ silentCheck, onSessionChange }: { silentCheck: boolean; onSessionChange: (s: Session) => void }) {
    useEffect(() => {
      mounted.silentCheck.push(silentCheck);
      onSessionChange({
        status: 'anonymous',
        user: null,
        accountUrl: null,
        login: async () => void mounted.logins++,
        stepUp: async () => {},
        register: async () => {},
        logout: async () => {},
        getAccessToken: async () => null,
      });
    }, [silentCheck, onSessionChange]);
    return null;
  },
}));

// The embedded provider: same origin as the page.
const CONFIG: RuntimeConfig = {
  oidc: { authority: `${window.location.origin}/realms/default`, clientId: 'sro-web' },
  identityAdminUrl: '',
  accountUrl: '',
  apiBaseUrl: '',
};

let session: Session;
function Capture() {
  session = useSession();
  return <p>status: {session.status}</p>;
}

function tree(config: RuntimeConfig | null | undefined) {
  return (
    <MemoryRouter>
      <NotificationProvider>
        <SessionProvider config={config}>
          <Capture />
        </SessionProvider>
      </NotificationProvider>
    </MemoryRouter>
  );
}

function reset() {
  mounted.silentCheck.length = 0;
  mounted.logins = 0;
}

describe('SessionProvider without an identity configuration', () => {
  it("is 'anonymous' while the config loads, then 'unavailable'", () => {
    const { rerender } = render(tree(undefined));
    expect(screen.getByText('status: anonymous')).toBeTruthy();
    rerender(tree(null));
    expect(screen.getByText('status: unavailable')).toBeTruthy();
  });

  it('keeps an early Login click and explains once the config turns out missing', async () => {
    const { rerender } = render(tree(undefined));
    let settled = false;
    void act(() => void session.login().then(() => (settled = true)));
    expect(screen.queryByText(MSG_LOGIN_NOT_CONFIGURED)).toBeNull();
    rerender(tree(null));
    await act(async () => {});
    expect(settled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(MSG_LOGIN_NOT_CONFIGURED);
  });

  it('explains straight away when sign-in is unavailable', async () => {
    render(tree(null));
    await act(async () => void (await session.register()));
    expect(screen.getByRole('alert').textContent).toBe(MSG_LOGIN_NOT_CONFIGURED);
    expect(await session.getAccessToken()).toBeNull();
  });
});

describe('SessionProvider: the sign-in code loads only when it has something to do', () => {
  it('a visitor who never signed in is signed out at once, without the sign-in code', async () => {
    reset();
    render(tree(CONFIG));
    await act(async () => {});
    expect(screen.getByText('status: anonymous')).toBeTruthy();
    expect(mounted.silentCheck).toEqual([]);
  });

  it('a Login click loads it without a silent check and then starts the sign-in', async () => {
    reset();
    render(tree(CONFIG));
    let login: Promise<void> = Promise.resolve();
    await act(async () => void (login = session.login()));
    await act(() => login);
    expect(mounted.silentCheck).toEqual([false]);
    expect(mounted.logins).toBe(1);
  });

  it('a stored session is restored at start (with the silent check allowed)', async () => {
    reset();
    window.sessionStorage.setItem('sro.oidc.user:http://idp.test/realms/default:sro-web', '{}');
    const { rerender } = render(tree(undefined));
    expect(screen.getByText('status: loading')).toBeTruthy();
    rerender(tree(CONFIG));
    await act(async () => {});
    expect(mounted.silentCheck).toEqual([true]);
  });
});

describe('SessionProvider: the silent check at start finds sessions the SPA did not start', () => {
  afterEach(() => void (document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`));

  it("runs when the embedded provider's session hint cookie is there (e.g. a sign-in on the account page)", async () => {
    reset();
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    const { rerender } = render(tree(undefined));
    expect(screen.getByText('status: loading')).toBeTruthy();
    rerender(tree(CONFIG));
    await act(async () => {});
    expect(mounted.silentCheck).toEqual([true]);
  });

  it('always runs with a provider on another origin, whose cookies the page cannot see', async () => {
    reset();
    const external: RuntimeConfig = { ...CONFIG, oidc: { authority: 'https://sso.example/realms/default', clientId: 'sro-web' } };
    const { rerender } = render(tree(undefined));
    // Nothing to go by until the config says where the provider is.
    expect(screen.getByText('status: anonymous')).toBeTruthy();
    rerender(tree(external));
    await act(async () => {});
    expect(mounted.silentCheck).toEqual([true]);
  });
});
