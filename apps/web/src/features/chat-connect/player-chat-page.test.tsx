import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiTransportContext } from '../../lib/rpc/transport-context';
import { MemoryRouter } from 'react-router';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { CharacterSchema, CharacterService, CharactersSchema } from '../../gen/sro/character/character_pb';
import { ChatChannelSchema, ChatChannelsSchema, ChatService } from '../../gen/sro/chat/chat_pb';
import { SanctionKind, SanctionSchema, SanctionScope } from '../../gen/sro/moderation/moderation_pb';
import { BANNED_ACCOUNT_TEXT } from '../../components/banned-account-notice';
import { NotificationProvider } from '../../components/notifications/notification-context';
import { SessionContext } from '../../lib/auth/session-context';
import { signedIn } from '../../test/render';
import { TestChatStream } from '../../test/chat-test-server';
import PlayerChatPage from './player-chat-page';

const streams: TestChatStream[] = [];
const sent: string[] = [];
let sendFailure: ConnectError | null = null;
const ownerRequests: string[] = [];
const transport = createRouterTransport(({ service }) => {
  service(CharacterService, {
    getCharactersForUser: (req) => {
      ownerRequests.push(req.ownerId);
      return create(CharactersSchema, { total: 1n, characters: [create(CharacterSchema, { id: 'c-pia', name: 'Pia Nightshade', ownerId: req.ownerId })] });
    },
  });
  service(ChatService, {
    getChatChannels: () => {
      channelLists.push(1);
      return create(ChatChannelsSchema, { channels: [create(ChatChannelSchema, { id: 'ch-1', name: 'General', public: true })] });
    },
    connectChatChannel: (req, ctx) => {
      const stream = new TestChatStream({ channelId: req.channelId, characterId: req.characterId });
      streams.push(stream);
      return stream.serve(ctx.signal);
    },
    sendChatChannelMessage: (req) => {
      if (sendFailure) throw sendFailure;
      sent.push(req.chatMessage?.content ?? '');
      return {};
    },
  });
});

const channelLists: number[] = [];

function renderPage(session = signedIn({ id: 'u-player', username: 'player' })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <ApiTransportContext value={{ rpc: transport }}>
        <QueryClientProvider client={client}>
          <NotificationProvider>
            <SessionContext value={session}>
              <PlayerChatPage />
            </SessionContext>
          </NotificationProvider>
        </QueryClientProvider>
      </ApiTransportContext>
    </MemoryRouter>,
  );
}

async function choose(label: RegExp, option: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  streams.length = 0;
  sent.length = 0;
  sendFailure = null;
});

describe('player chat', { timeout: 30_000 }, () => {
  it('tells a banned account why, and asks the game API nothing it would refuse', async () => {
    channelLists.length = 0;
    ownerRequests.length = 0;
    renderPage(signedIn({ id: 'u-banned', username: 'banned', groups: ['/Banned'] }));
    expect(await screen.findByText(BANNED_ACCOUNT_TEXT)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Live chat' })).toBeNull();
    expect(screen.queryByText(/Failed to load/)).toBeNull();
    expect({ channelLists: channelLists.length, ownerRequests }).toEqual({ channelLists: 0, ownerRequests: [] });
  });

  it("connects as the player's own character; a muted send says why, where, until when and the moderators' message", async () => {
    renderPage();
    await waitFor(() => expect(ownerRequests).toContain('u-player'));
    await choose(/^Character/, /Pia Nightshade/);
    expect(streams).toHaveLength(0);
    await choose(/^Channel/, /General/);
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.request).toEqual({ channelId: 'ch-1', characterId: 'c-pia' });
    // Other speakers by the name the server sent with their message; the report dialog names them the same way.
    act(() => streams[0]!.push('c-other-1', 'hi Pia', Date.now(), { id: '41', senderCharacterName: 'Max Warden' }));
    act(() => streams[0]!.push('c-other-2', 'hi all', Date.now(), { id: '42', senderCharacterName: 'Ada Overwatch' }));
    act(() => streams[0]!.push('c-gone-3', 'old line', Date.now(), { id: '43' }));
    expect(await screen.findByText('Ada Overwatch')).toBeTruthy();
    expect(screen.getAllByTestId('chat-speaker').map((s) => s.textContent)).toEqual(['Max Warden', 'Ada Overwatch', 'Unknown (c-gone-3)']);
    fireEvent.click(screen.getByRole('button', { name: 'Report this message of Max Warden' }));
    expect(await screen.findByRole('dialog')).toHaveProperty('textContent', expect.stringContaining('Max Warden'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sanction = create(SanctionSchema, { kind: SanctionKind.MUTE, scope: SanctionScope.CHANNEL, expiresAtMs: 0n, playerMessage: 'Take a break.' });
    sendFailure = new ConnectError('muted', Code.PermissionDenied, undefined, [{ desc: SanctionSchema, value: sanction }]);
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'hello?' } });
    fireEvent.submit(input);
    expect((await screen.findByTestId('chat-send-refusal')).textContent).toBe(
      'You are muted in this channel permanently. Message from the moderators: Take a break.',
    );
    sendFailure = null;
    fireEvent.submit(input);
    await waitFor(() => expect(sent).toEqual(['hello?']));
    await waitFor(() => expect(screen.queryByTestId('chat-send-refusal')).toBeNull());
  });

  it('a ban after a mute: the pane shows the ban, sending is closed, one notice', async () => {
    renderPage();
    await waitFor(() => expect(ownerRequests).toContain('u-player'));
    await choose(/^Character/, /Pia Nightshade/);
    await choose(/^Channel/, /General/);
    await waitFor(() => expect(streams).toHaveLength(1));
    const mute = create(SanctionSchema, { kind: SanctionKind.MUTE, scope: SanctionScope.CHANNEL, expiresAtMs: 0n, playerMessage: 'Take a break.' });
    sendFailure = new ConnectError('muted', Code.PermissionDenied, undefined, [{ desc: SanctionSchema, value: mute }]);
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'hello?' } });
    fireEvent.submit(input);
    expect((await screen.findByTestId('chat-send-refusal')).textContent).toMatch(/^You are muted/);

    const ban = create(SanctionSchema, { kind: SanctionKind.BAN, scope: SanctionScope.EVERYWHERE, expiresAtMs: 0n, playerMessage: 'Gone for good.' });
    act(() => streams[0]!.finish(new ConnectError('banned', Code.PermissionDenied, undefined, [{ desc: SanctionSchema, value: ban }])));
    const banText = 'You are banned everywhere permanently. Message from the moderators: Gone for good.';
    await waitFor(() => expect(screen.getByTestId('chat-send-refusal').textContent).toBe(banText));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);
    const notices = screen.getAllByTestId('notification');
    expect(notices.map((n) => n.textContent)).toEqual([expect.stringContaining(banText)]);
  });
});
