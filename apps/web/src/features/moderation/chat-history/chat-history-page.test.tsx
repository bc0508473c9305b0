import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiTransportContext } from '../../../lib/rpc/transport-context';
import { SessionContext } from '../../../lib/auth/session-context';
import { signedIn } from '../../../test/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NotificationProvider } from '../../../components/notifications/notification-context';
import { createChatTestServer, type TestChatLog } from '../../../test/chat-test-server';
import ChatHistoryPage from './chat-history-page';

let server: ReturnType<typeof createChatTestServer>;

const PIA = { id: 'c-pia', name: 'Pia Nightshade' };
const ADA = { id: 'c-ada', name: 'Ada Overwatch' };
const T0 = Math.floor(new Date('2025-03-01T12:00').getTime() / 1000);
// 30 messages, one a minute, alternating senders; the last one from a deleted character.
const LOGS: TestChatLog[] = Array.from({ length: 30 }, (_, n) => ({
  id: String(n + 1),
  sentAt: T0 + n * 60,
  senderId: n === 29 ? 'c-gone' : n % 2 ? ADA.id : PIA.id,
  content: `message ${n}`,
}));

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function renderPage(route = '/admin/chats/ch-1/history') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[route]}>
      <ApiTransportContext value={{ rpc: server.transport }}>
        <SessionContext value={signedIn()}>
          <QueryClientProvider client={client}>
            <NotificationProvider>
              <Routes>
                <Route
                  path="/admin/chats/:id/history"
                  element={
                    <>
                      <ChatHistoryPage />
                      <Search />
                    </>
                  }
                />
              </Routes>
            </NotificationProvider>
          </QueryClientProvider>
        </SessionContext>
      </ApiTransportContext>
    </MemoryRouter>,
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Chat history' }))
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1);

beforeEach(() => {
  server = createChatTestServer([PIA, ADA], LOGS);
});

describe('chat history page', () => {
  it('shows the newest page first with sender names and the total, and pages on the server', async () => {
    renderPage();
    expect(await screen.findByText('message 29')).toBeTruthy();
    expect(screen.getByText('Chat history: 30 messages match, newest first.')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 10 of 30 results')).toBeTruthy();
    await waitFor(() => expect(bodyRows()[0]!.textContent).toContain('Unknown (c-gone)'));
    await waitFor(() => expect(bodyRows()[1]!.textContent).toContain('Pia Nightshade'));
    // A known sender links to its owner's player page; an unknown one stays text.
    expect(within(bodyRows()[1]!).getByRole('link', { name: 'Pia Nightshade' }).getAttribute('href')).toBe('/admin/accounts/owner-1');
    expect(within(bodyRows()[0]!).queryByRole('link', { name: 'Unknown (c-gone)' })).toBeNull();
    expect(server.logRequests.at(-1)).toMatchObject({ channelId: 'ch-1', limit: 10n, offset: 0n });

    fireEvent.click(screen.getByRole('button', { name: /page 2/i }));
    expect(await screen.findByText('message 19')).toBeTruthy();
    expect(server.logRequests.at(-1)).toMatchObject({ limit: 10n, offset: 10n });
    expect(screen.getByTestId('search').textContent).toBe('?page=2');
  });

  it('filters by sender and time range (inclusive), back on page one', async () => {
    renderPage('/admin/chats/ch-1/history?page=2');
    await screen.findByText('message 19');
    fireEvent.click(screen.getByRole('button', { name: /^Sender/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Pia Nightshade/ }));
    await waitFor(() => expect(server.logRequests.at(-1)?.senderId).toBe(PIA.id));
    expect(screen.getByTestId('search').textContent).toBe(`?sender=${PIA.id}`);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01T12:04' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01T12:08' } });
    // Pia wrote the even minutes: 4, 6 and 8 are inside.
    await waitFor(() => expect(bodyRows().map((r) => r.cells[2]!.textContent)).toEqual(['message 8', 'message 6', 'message 4']));
    expect(screen.getByText('Chat history: 3 messages match, newest first.')).toBeTruthy();
  });

  it('explains a reversed range instead of asking the server', async () => {
    renderPage('/admin/chats/ch-1/history?from=2025-03-02T00%3A00&to=2025-03-01T00%3A00');
    expect((await screen.findByText("'From' must not be after 'To'")).getAttribute('role')).toBe('alert');
    expect(screen.getByText('No messages match these filters.')).toBeTruthy();
    expect(server.logRequests).toHaveLength(0);
  });

  it('deletes a row with a reason; the row leaves the page', async () => {
    renderPage();
    await screen.findByText('message 29');
    fireEvent.click(within(bodyRows()[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete message' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(server.deletions).toEqual([{ id: '30', reason: 'Spam' }]));
    await waitFor(() => expect(screen.queryByText('message 29')).toBeNull());
  });
});
