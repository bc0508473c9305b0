import { beforeEach, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EvidenceMessageSchema } from '../../../gen/sro/moderation/moderation_pb';
import { createSanctionTestServer, makeSanction, NOW_MS } from '../../../test/sanction-test-server';
import { renderScreen } from '../../../test/sanction-test-render';
import MySanctionsPage from './my-sanctions-page';
import SanctionDetailPage from './sanction-detail-page';
import { SanctionDialog } from './sanction-dialog';

let server: ReturnType<typeof createSanctionTestServer>;

const line = (id: string, senderName: string, content: string, senderAccountId = '') =>
  create(EvidenceMessageSchema, {
    id,
    channelId: 'ch-1',
    channelName: 'General',
    senderId: `c-${id}`,
    senderName,
    senderAccountId,
    content,
    sentAtMs: BigInt(NOW_MS - 60_000 + Number(id)),
  });

beforeEach(() => {
  server = createSanctionTestServer([
    makeSanction({
      id: 's-chat',
      sourceMessageId: '42',
      evidence: [
        line('41', 'Bystander', 'please stop', 'u-other'),
        line('42', 'Pia Nightshade', 'you are all idiots', 'u-player'),
        line('43', 'Bystander', 'reported'),
      ],
    }),
    makeSanction({ id: 's-plain' }),
  ]);
});

describe("a sanction's evidence", { timeout: 30_000 }, () => {
  it('the sanction page shows the frozen messages, oldest first, the sanctioned one marked, senders linked', async () => {
    renderScreen(<SanctionDetailPage />, { transports: server.transports, route: '/admin/sanctions/s-chat', path: '/admin/sanctions/:id' });
    const section = await screen.findByRole('region', { name: 'Evidence' });
    expect(within(section).getByText('In General, as it was when the action was taken.')).toBeTruthy();
    const lines = within(section).getAllByTestId('evidence-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('please stop'),
      expect.stringContaining('you are all idiots'),
      expect.stringContaining('reported'),
    ]);
    expect(lines.map((l) => l.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(within(lines[1]!).getByText('Sanctioned')).toBeTruthy();
    expect(within(lines[1]!).getByRole('link', { name: 'Pia Nightshade' }).getAttribute('href')).toBe('/admin/accounts/u-player');
  });

  it('says so when no message was kept', async () => {
    renderScreen(<SanctionDetailPage />, { transports: server.transports, route: '/admin/sanctions/s-plain', path: '/admin/sanctions/:id' });
    const section = await screen.findByRole('region', { name: 'Evidence' });
    expect(section.textContent).toContain('This sanction was issued from no chat line or report: no messages were kept.');
  });

  it('the player unfolds the messages that led to it, names only', async () => {
    const user = userEvent.setup();
    renderScreen(<MySanctionsPage />, { transports: server.transports, route: '/account/sanctions', path: '/account/sanctions' });
    const summary = await screen.findByText('The messages that led to it (3)');
    await user.click(summary);
    const card = summary.closest('li')!;
    expect(within(card).getByText('you are all idiots')).toBeTruthy();
    expect(within(card).getByText('This message')).toBeTruthy();
    // The player's own view has no staff links (the player sees no sender accounts).
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
  });

  it('the dialog opened from a chat line issues the sanction from that message', async () => {
    const user = userEvent.setup();
    renderScreen(
      <SanctionDialog
        open
        onClose={() => {}}
        target={{ characterId: 'c-pia', characterName: 'Pia Nightshade', accountId: 'u-player', accountName: 'player' }}
        prefill={{ channelId: 'ch-1', channelName: 'General', quote: 'you are all idiots', sourceMessageId: '42' }}
      />,
      { transports: server.transports },
    );
    await user.type(await screen.findByRole('combobox', { name: 'Reason' }), 'Harassment');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    await waitFor(() => expect(server.issued).toHaveLength(1));
    expect(server.issued[0]).toMatchObject({ characterId: 'c-pia', sourceMessageId: '42' });
  });
});
