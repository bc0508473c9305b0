import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import {
  ChatHistoryService,
  ChatMessagePageSchema,
  StoredChatMessageSchema,
  type SearchChatMessagesRequest,
} from '../../../gen/sro/moderation/chat_history_pb';
import { ADMIN, renderScreen } from '../../../test/sanction-test-render';
import { AccountMessages } from './account-messages';

const SENT = new Date('2025-03-01T18:30:40').getTime();
const STORED = [
  { id: '2', channelId: 'ch-1', channelName: 'General', senderId: 'c-pia', senderName: 'Pia Nightshade', senderAccountId: 'u-player', content: 'gg all' },
  { id: '1', channelId: 'ch-2', channelName: 'Trade', senderId: 'c-bob', senderName: 'Bob', senderAccountId: 'u-other', content: 'selling swords' },
].map((m) => create(StoredChatMessageSchema, { ...m, sentAtMs: BigInt(SENT) }));

// An in-memory ChatHistoryService: the search filters by the sender's account as the server does.
function serverWith(messages = STORED) {
  const asked: SearchChatMessagesRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(ChatHistoryService, {
      searchChatMessages: (req) => {
        asked.push(req);
        return create(ChatMessagePageSchema, {
          messages: messages.filter((m) => !req.senderAccountId || m.senderAccountId === req.senderAccountId).slice(0, req.limit),
        });
      },
    });
  });
  return { transport, asked };
}

const renderFor = (rpc: ReturnType<typeof createRouterTransport>, accountId = 'u-player') =>
  renderScreen(<AccountMessages accountId={accountId} username="player" />, {
    transports: { rpc },
    route: '/admin/accounts/u-player',
    path: '/admin/accounts/:id',
    session: ADMIN,
  });

describe("the player page's recent messages", { timeout: 30_000 }, () => {
  it("shows the account's latest channel messages with a link to their channel around them", async () => {
    const server = serverWith();
    renderFor(server.transport);
    const list = await screen.findByRole('list', { name: 'Recent messages of player' });
    const items = within(list).getAllByTestId('account-message');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Pia Nightshade in General');
    expect(items[0]!.textContent).toContain('gg all');
    const link = within(items[0]!).getByRole('link', { name: /^In context: Pia Nightshade/ });
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/admin/messages');
    expect(Object.fromEntries(url.searchParams)).toEqual({ channel: 'ch-1', from: '2025-03-01T18:25', to: '2025-03-01T18:35' });
    expect(server.asked[0]).toMatchObject({ senderAccountId: 'u-player', limit: 10, channelId: '', text: '' });
  });

  it('says when no channel message is stored', async () => {
    renderFor(serverWith([]).transport);
    expect(await screen.findByText("No channel message of player's characters is stored.")).toBeTruthy();
  });
});
