import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiTransportContext } from '../../lib/rpc/transport-context';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Code, ConnectError } from '@connectrpc/connect';
import { NotificationProvider } from '../../components/notifications/notification-context';
import { createChatTestServer } from '../../test/chat-test-server';
import { SessionContext } from '../../lib/auth/session-context';
import { signedIn } from '../../test/render';
import { create } from '@bufbuild/protobuf';
import { SanctionKind, SanctionSchema, SanctionScope, type Sanction } from '../../gen/sro/moderation/moderation_pb';
import ChatConnectPage, { type ChatConnectPageProps } from './chat-connect-page';

/** PERMISSION_DENIED carrying the refusing Sanction in its details, as the server sends it. */
function sanctionError(fields: Partial<Omit<Sanction, '$typeName' | '$unknown'>>) {
  const sanction = create(SanctionSchema, { id: 's-1', kind: SanctionKind.MUTE, scope: SanctionScope.CHANNEL, scopeName: 'General', ...fields });
  return new ConnectError('muted', Code.PermissionDenied, undefined, [{ desc: SanctionSchema, value: sanction }]);
}
const ENDS = Date.UTC(2031, 5, 1, 12, 30);
/** The reader's own format, as the view uses it. */
const localEnd = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ENDS));

let server: ReturnType<typeof createChatTestServer>;

const PIA = { id: 'c-pia', name: 'Pia Nightshade' };
const ADA = { id: 'c-ada', name: 'Ada Overwatch' };

function renderPage(renderSanctionDialog?: ChatConnectPageProps['renderSanctionDialog'], session = signedIn({ id: 'u-admin' })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/admin/chats/ch-1/connect']}>
      <ApiTransportContext value={{ rpc: server.transport }}>
        <QueryClientProvider client={client}>
          <NotificationProvider>
            <SessionContext value={session}>
              <Routes>
                <Route path="/admin/chats/:id/connect" element={<ChatConnectPage renderSanctionDialog={renderSanctionDialog} />} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            </SessionContext>
          </NotificationProvider>
        </QueryClientProvider>
      </ApiTransportContext>
    </MemoryRouter>,
  );
}

/** Notifications render in a visible stack and a screen-reader announcer: either will do. */
const findNotice = async (text: string) => (await screen.findAllByText(text))[0];
const notifications = () => screen.queryAllByTestId('notification').map((n) => n.textContent ?? '');
const messageInput = () => screen.getByRole('textbox', { name: 'Message' });

async function connectAs(name: string) {
  fireEvent.click(screen.getByRole('button', { name: /^Connect as/ }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
  await waitFor(() => expect(server.streams.length).toBeGreaterThan(0));
}

beforeEach(() => {
  server = createChatTestServer([PIA, ADA]);
});
afterEach(() => vi.useRealTimers());

// Under a busy machine React Aria's menus render slowly in jsdom: the conditions are awaited, the budget is generous.
describe('chat connect view', { timeout: 30_000 }, () => {
  it("asks for a character, and sending without one says 'No character selected…'; empty text is ignored", async () => {
    renderPage();
    expect(await screen.findByText('Select character to connect')).toBeTruthy();
    fireEvent.submit(messageInput());
    expect(notifications()).toEqual([]);
    fireEvent.change(messageInput(), { target: { value: 'hello' } });
    fireEvent.keyDown(messageInput(), { key: 'Enter' });
    fireEvent.submit(messageInput());
    expect(await findNotice('No character selected. Please select a character.')).toBeTruthy();
    expect(server.streams).toHaveLength(0);
  });

  it("connects as the chosen character and names senders: the character, 'System', 'Unknown ({id})'", async () => {
    renderPage();
    await connectAs('Ada Overwatch');
    expect(server.lastStream().request).toEqual({ channelId: 'ch-1', characterId: 'c-ada' });
    const stream = server.lastStream();
    act(() => {
      stream.push(PIA.id, 'hi from the past', Date.UTC(2025, 0, 1, 12, 0, 0));
      stream.push('', 'Server maintenance at noon');
      stream.push('c-ghost', 'boo');
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Pia Nightshade')).toBeTruthy();
    expect(within(log).getByText('System')).toBeTruthy();
    expect(await within(log).findByText('Unknown (c-ghost)')).toBeTruthy();
    expect(within(log).getByText('hi from the past').closest('li')!.querySelector('time')!.getAttribute('dateTime')).toBe('2025-01-01T12:00:00.000Z');
    // No ban menu on system lines.
    expect(within(log).queryAllByRole('button', { name: /Message actions/ })).toHaveLength(2);
    expect(screen.getByTestId('chat-connection-status').textContent).toBe('Connected');
  });

  it('sends with Enter or the send icon, clears the input on success, keeps it on failure', async () => {
    renderPage();
    await connectAs('Ada');
    fireEvent.change(messageInput(), { target: { value: '  hello there ' } });
    fireEvent.submit(messageInput());
    await waitFor(() => expect((messageInput() as HTMLInputElement).value).toBe(''));
    expect(server.sent).toEqual([{ channelId: 'ch-1', senderCharacterId: 'c-ada', content: '  hello there ' }]);

    fireEvent.change(messageInput(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    fireEvent.change(messageInput(), { target: { value: 'second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(server.sent).toHaveLength(2));

    server.failures.send = new ConnectError('slow down', Code.ResourceExhausted);
    fireEvent.change(messageInput(), { target: { value: 'third' } });
    fireEvent.submit(messageInput());
    expect(await findNotice('Sending message: RESOURCE_EXHAUSTED: slow down')).toBeTruthy();
    expect((messageInput() as HTMLInputElement).value).toBe('third');
  });

  it('bans a sender from the message menu (keyboard, Esc) with a clear message, or explains the failure', async () => {
    renderPage();
    await connectAs('Ada');
    act(() => server.lastStream().push(PIA.id, 'spam'));
    const menuButton = await screen.findByRole('button', { name: 'Message actions for Pia Nightshade' });
    const user = userEvent.setup();
    act(() => menuButton.focus());
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'Ban Pia Nightshade' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Ban for 1 minute', 'Ban for 1 hour', 'Ban for 1 day', 'Ban permanently']);
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Ban for 1 minute' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Ban for 1 minute' }));
    expect(await findNotice('Pia Nightshade is banned from this chat for 60s (1 minute).')).toBeTruthy();
    expect(server.bans).toEqual([{ characterId: PIA.id, channelId: 'ch-1', duration: 60n }]);

    server.failures.ban = new ConnectError('moderators only', Code.PermissionDenied);
    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Ban permanently' }));
    expect(await findNotice('Error banning user: PERMISSION_DENIED: moderators only')).toBeTruthy();
  });

  it('choosing another character replaces the session; clearing disconnects; leaving the page aborts', async () => {
    const view = renderPage();
    await connectAs('Ada');
    const first = server.lastStream();
    await connectAs('Pia');
    await waitFor(() => expect(first.aborted).toBe(true));
    expect(server.lastStream().request.characterId).toBe(PIA.id);

    const second = server.lastStream();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Connect as' }));
    await waitFor(() => expect(second.aborted).toBe(true));
    expect(screen.getByText('Select character to connect')).toBeTruthy();

    await connectAs('Ada');
    const third = server.lastStream();
    view.unmount();
    await waitFor(() => expect(third.aborted).toBe(true));
    expect(server.streams).toHaveLength(3);
  });

  it('a permission denial ends the session with its message and no reconnect', async () => {
    renderPage();
    await connectAs('Ada');
    act(() => server.lastStream().finish(new ConnectError('permanently banned', Code.PermissionDenied)));
    expect(await findNotice('You do not have permission to access this chat')).toBeTruthy();
    expect(notifications().some((n) => n.includes('Chat disconnected'))).toBe(true);
    expect(notifications().some((n) => n.includes('Status code: PERMISSION_DENIED (7)'))).toBe(true);
    expect(notifications().some((n) => n.includes('Reconnecting...'))).toBe(false);
    expect(screen.getByTestId('chat-connection-status').textContent).toBe('Disconnected');
  });

  it("a send refused by a sanction says what, where, until when and the moderators' message", async () => {
    renderPage();
    await connectAs('Ada');
    server.failures.send = sanctionError({ expiresAtMs: BigInt(ENDS), playerMessage: 'Cool off, please.' });
    fireEvent.change(messageInput(), { target: { value: 'let me talk' } });
    fireEvent.submit(messageInput());
    const text = `You are muted in the channel General until ${localEnd}. Message from the moderators: Cool off, please.`;
    expect((await screen.findByTestId('chat-send-refusal')).textContent).toBe(text);
    expect(await findNotice(`Sending message: ${text}`)).toBeTruthy();
    expect((messageInput() as HTMLInputElement).value).toBe('let me talk');
    // Lifted: the next send goes out and the notice goes away.
    delete server.failures.send;
    fireEvent.submit(messageInput());
    await waitFor(() => expect(screen.queryByTestId('chat-send-refusal')).toBeNull());
    expect(server.sent.at(-1)?.content).toBe('let me talk');
  });

  it('a stream ended by a ban says so in the pane, permanently, and does not reconnect', async () => {
    renderPage();
    await connectAs('Ada');
    act(() => server.lastStream().finish(sanctionError({ kind: SanctionKind.BAN, scope: SanctionScope.EVERYWHERE, scopeName: '', expiresAtMs: 0n })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You are banned everywhere permanently.');
    expect(notifications().some((n) => n.includes('Reconnecting...'))).toBe(false);
  });

  it("the message menu keeps the four bans and adds 'Sanction…', which opens the dialog with the sender, channel, text and message id", async () => {
    renderPage((request, onClose) => (
      <div role="dialog" aria-label="sanction">
        {JSON.stringify(request)}
        <button onClick={onClose}>close</button>
      </div>
    ));
    await connectAs('Ada');
    act(() => server.lastStream().push(PIA.id, 'buy gold at spam.example', Date.now(), { id: '77' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Message actions for Pia Nightshade' }));
    const menu = await screen.findByRole('menu', { name: 'Ban Pia Nightshade' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
      // A stored message (it has an id) can also be deleted.
    ).toEqual(['Ban for 1 minute', 'Ban for 1 hour', 'Ban for 1 day', 'Ban permanently', 'Sanction…', 'Delete message…']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Sanction…' }));
    const dialog = await screen.findByRole('dialog', { name: 'sanction' });
    expect(JSON.parse(dialog.textContent.replace(/close$/, ''))).toEqual({
      characterId: PIA.id,
      characterName: 'Pia Nightshade',
      channelId: 'ch-1',
      channelName: 'General',
      quote: 'buy gold at spam.example',
      // The sanction is issued from this line: it keeps the line and its channel around it as evidence.
      messageId: '77',
    });
    await user.click(within(dialog).getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog', { name: 'sanction' })).toBeNull();
  });

  it("offers no ban on the lines of the caller's own characters, whichever one they are connected as", async () => {
    server = createChatTestServer([PIA, ADA, { id: 'c-mine', name: 'My Other', ownerId: 'u-admin' }]);
    renderPage();
    await connectAs('Ada');
    act(() => server.lastStream().push('c-mine', 'from my other character'));
    act(() => server.lastStream().push(PIA.id, 'from someone else'));
    expect(await screen.findByRole('button', { name: 'Message actions for Pia Nightshade' })).toBeTruthy();
    // Its name has loaded (so whose it is is known), and it offers no menu.
    await waitFor(() => expect(screen.getAllByTestId('chat-line')[0]!.textContent).toContain('My Other'));
    expect(screen.queryByRole('button', { name: 'Message actions for My Other' })).toBeNull();
  });

  it("a dropped stream says 'Reconnecting...' and opens a new one a second later", async () => {
    renderPage();
    await connectAs('Ada');
    act(() => server.lastStream().finish(new ConnectError('restarting', Code.Unavailable)));
    expect(await findNotice('Reconnecting...')).toBeTruthy();
    expect(await findNotice('Chat connection: restarting')).toBeTruthy();
    await waitFor(() => expect(server.streams).toHaveLength(2), { timeout: 3000 });
  });

  it("shows 'SCROLL TO BOTTOM' when scrolled up and hides it within 75 px of the bottom", async () => {
    renderPage();
    await connectAs('Ada');
    act(() => server.lastStream().push(PIA.id, 'line'));
    const log = screen.getByRole('log', { name: 'Messages' });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 400 });
    log.scrollTop = 600 - 76;
    fireEvent.scroll(log);
    const button = await screen.findByRole('button', { name: 'SCROLL TO BOTTOM' });
    log.scrollTop = 600 - 75;
    fireEvent.scroll(log);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'SCROLL TO BOTTOM' })).toBeNull());

    log.scrollTop = 0;
    fireEvent.scroll(log);
    fireEvent.click(await screen.findByRole('button', { name: 'SCROLL TO BOTTOM' }));
    expect(log.scrollTop).toBe(1000);
    expect(button.isConnected).toBe(false);
  });
});
