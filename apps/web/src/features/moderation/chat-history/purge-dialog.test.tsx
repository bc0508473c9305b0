import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiTransportContext } from '../../../lib/rpc/transport-context';
import { SessionContext } from '../../../lib/auth/session-context';
import { signedIn } from '../../../test/render';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../../../components/notifications/notification-context';
import { createChatTestServer, PURGE_PER_CALL } from '../../../test/chat-test-server';
import { PurgeDialog } from './purge-dialog';

let server: ReturnType<typeof createChatTestServer>;

const PIA = { id: 'c-pia', name: 'Pia Nightshade' };

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <ApiTransportContext value={{ rpc: server.transport }}>
        <SessionContext value={signedIn()}>
          <QueryClientProvider client={client}>
            <NotificationProvider>
              <PurgeDialog open admin onClose={() => {}} />
            </NotificationProvider>
          </QueryClientProvider>
        </SessionContext>
      </ApiTransportContext>
    </MemoryRouter>,
  );
}

async function fillAndPurge() {
  renderDialog();
  const dialog = await screen.findByRole('dialog', { name: 'Purge sender' });
  fireEvent.click(within(dialog).getByRole('button', { name: /^Sender/ }));
  fireEvent.click(await screen.findByRole('option', { name: /Pia Nightshade/ }));
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam wave' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Purge messages' }));
  return dialog;
}

beforeEach(() => {
  server = createChatTestServer([PIA]);
});

describe('purge dialog', () => {
  it('offers "Continue purge" while the server says more remain, resending the same request, and totals every step', async () => {
    server.purge.backlog = 2 * PURGE_PER_CALL + 345;
    const dialog = await fillAndPurge();
    const result = () => within(dialog).getByTestId('purge-result').textContent;
    await waitFor(() => expect(result()).toBe('5,000 messages deleted; more remain. Continue to delete the next ones.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue purge' }));
    await waitFor(() => expect(result()).toBe('10,000 messages deleted; more remain. Continue to delete the next ones.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue purge' }));
    await waitFor(() => expect(result()).toBe('10,345 messages deleted'));
    expect(within(dialog).queryByRole('button', { name: /Continue purge|Purge messages/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(server.purge.requests).toHaveLength(3);
    expect(new Set(server.purge.requests.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))))).toEqual(
      new Set([JSON.stringify({ characterId: PIA.id, accountId: '', fromMs: '0', toMs: '0', reason: 'Spam wave' })]),
    );
  });

  it('a purge within the bound finishes in one step', async () => {
    server.purge.backlog = 12;
    const dialog = await fillAndPurge();
    await waitFor(() => expect(within(dialog).getByTestId('purge-result').textContent).toBe('12 messages deleted'));
    expect(within(dialog).queryByRole('button', { name: 'Continue purge' })).toBeNull();
    expect(server.purge.requests).toHaveLength(1);
  }, 30_000);
});
