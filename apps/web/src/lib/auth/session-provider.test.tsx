import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../../components/notifications/notification-context';
import { useSession, type Session } from './session-context';
import { SessionProvider } from './session-provider';
import { MSG_LOGIN_NOT_CONFIGURED } from './session-messages';

let session: Session;
function Capture() {
  session = useSession();
  return <p>status: {session.status}</p>;
}

function tree(config: null | undefined) {
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

describe('SessionProvider without an identity configuration', () => {
  it("is 'loading' until the config arrives, then 'unavailable'", () => {
    const { rerender } = render(tree(undefined));
    expect(screen.getByText('status: loading')).toBeTruthy();
    rerender(tree(null));
    expect(screen.getByText('status: unavailable')).toBeTruthy();
  });

  it('keeps an early Login click and explains once the config turns out missing', async () => {
    const { rerender } = render(tree(undefined));
    let settled = false;
    void session.login().then(() => (settled = true));
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
