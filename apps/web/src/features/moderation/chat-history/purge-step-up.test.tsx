import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Code, ConnectError } from '@connectrpc/connect';
import { MemoryRouter } from 'react-router';
import { ApiTransportContext } from '../../../lib/rpc/transport-context';
import { SessionContext } from '../../../lib/auth/session-context';
import { signedIn } from '../../../test/render';
import { NotificationProvider } from '../../../components/notifications/notification-context';
import { createChatTestServer } from '../../../test/chat-test-server';
import { PurgeDialog } from './purge-dialog';
import { resumingPurge } from './lazy-purge-dialog';

const STEP_UP = 'step-up required: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.';
const PIA = { id: 'c-pia', name: 'Pia Nightshade' };
let server: ReturnType<typeof createChatTestServer>;

function renderDialog(stepUp = vi.fn(async () => {})) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <ApiTransportContext value={{ rpc: server.transport }}>
        <SessionContext value={signedIn({}, { stepUp })}>
          <QueryClientProvider client={client}>
            <NotificationProvider>
              <PurgeDialog open admin onClose={() => {}} />
            </NotificationProvider>
          </QueryClientProvider>
        </SessionContext>
      </ApiTransportContext>
    </MemoryRouter>,
  );
  return stepUp;
}

beforeEach(() => {
  server = createChatTestServer([PIA]);
  sessionStorage.clear();
});
afterEach(() => sessionStorage.clear());

describe('a purge refused for an old sign-in', () => {
  it('signs in again and purges as filled in once back, once', async () => {
    server.purge.backlog = 12;
    server.purge.refusal = new ConnectError(STEP_UP, Code.PermissionDenied);
    const stepUp = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Purge sender' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Sender/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Pia Nightshade/ }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam wave' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Purge messages' }));
    await waitFor(() => expect(stepUp).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(server.purge.requests).toHaveLength(0);
    // The page the provider sends the browser back to opens the dialog at once.
    expect(resumingPurge()).toBe(true);

    cleanup();
    renderDialog();
    const back = await screen.findByRole('dialog', { name: 'Purge sender' });
    await waitFor(() => expect(within(back).getByTestId('purge-result').textContent).toBe('12 messages deleted'));
    expect(server.purge.requests).toEqual([{ characterId: PIA.id, accountId: '', fromMs: 0n, toMs: 0n, reason: 'Spam wave' }]);
    expect(within(back).getByLabelText<HTMLTextAreaElement>('Reason').value).toBe('Spam wave');
    expect(resumingPurge()).toBe(false);
  }, 30_000);
});
