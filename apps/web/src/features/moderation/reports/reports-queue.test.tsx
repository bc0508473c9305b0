import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { StoredChatMessageSchema } from '../../../gen/sro/moderation/chat_history_pb';
import { ChatReportSchema, ReportedMessageSchema, ReportReason, ReportService, type ReportedMessage } from '../../../gen/sro/moderation/reports_pb';
import { ReportClaimService } from '../../../gen/sro/moderation/report_claims_pb';
import { QueueClaimSchema, TriagePriority, TriageSchema } from '../../../gen/sro/moderation/triage_pb';
import { MODERATOR, renderScreen } from '../../../test/sanction-test-render';
import ReportsQueuePage from './reports-queue-page';

const DUE = Date.UTC(2030, 0, 1, 12);

const entry = (id: string, sender: string, priority: TriagePriority, reasons: string[], late = false) =>
  create(ReportedMessageSchema, {
    message: create(StoredChatMessageSchema, { id, channelName: 'Global', senderId: `c-${id}`, senderName: sender, content: `line ${id}`, sentAtMs: 1n }),
    reports: [create(ChatReportSchema, { id: `r-${id}`, messageId: id, reason: ReportReason.HATE, createdAtMs: 1n })],
    latestReportMs: 1n,
    triage: create(TriageSchema, { priority, reasons, dueAtMs: BigInt(DUE), late }),
  });

/** The report service in memory: the queue as the server orders it, and claims held by whoever calls first. */
function reportServer(messages: ReportedMessage[], caller: { id: string; name: string }) {
  const claims: string[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(ReportService, {
      listReportedMessages: () => ({ total: BigInt(messages.length), messages }),
    });
    service(ReportClaimService, {
      claimReportedMessage: (req) => {
        const m = messages.find((x) => x.message?.id === req.id)!;
        if (m.claim && m.claim.holderId !== caller.id)
          throw new ConnectError(`chat message ${req.id} is claimed by ${m.claim.holderName}`, Code.FailedPrecondition);
        m.claim = create(QueueClaimSchema, { holderId: caller.id, holderName: caller.name, claimedAtMs: 1n, lapsesAtMs: 2n });
        claims.push(`claim ${req.id}`);
        return m;
      },
      releaseReportedMessageClaim: (req) => {
        const m = messages.find((x) => x.message?.id === req.id)!;
        m.claim = undefined;
        claims.push(`release ${req.id}`);
        return m;
      },
    });
  });
  return { transport, claims };
}

describe('the triaged reports queue', { timeout: 30_000 }, () => {
  it('shows each priority in words with its why, and says "Late" past the SLA target', async () => {
    const server = reportServer(
      [entry('1', 'Ivy', TriagePriority.URGENT, ['Hate speech', '3 distinct reporters'], true), entry('2', 'Pia', TriagePriority.LOW, ['Other'])],
      { id: 'u-mod', name: 'moderator' },
    );
    renderScreen(<ReportsQueuePage />, { transports: { rpc: server.transport }, route: '/admin/reports', path: '/admin/reports', session: MODERATOR });
    const [first, second] = await screen.findAllByTestId('reported-message');
    const urgent = within(first!).getByTestId('triage');
    expect(urgent.textContent).toContain('Priority: Urgent');
    expect(urgent.textContent).toContain('Late');
    expect(urgent.textContent).toContain('Why: Hate speech · 3 distinct reporters');
    expect(urgent.textContent).toContain('was due');
    const low = within(second!).getByTestId('triage');
    expect(low.textContent).toContain('Priority: Low');
    expect(low.textContent).not.toContain('Late');
    expect(within(second!).getByTestId('claim').textContent).toBe('Unclaimed');
  });

  it("claims and releases; another's claim shows its holder and no button; a refusal is said", async () => {
    const user = userEvent.setup();
    const taken = entry('2', 'Pia', TriagePriority.HIGH, ['Harassment']);
    taken.claim = create(QueueClaimSchema, { holderId: 'u-admin', holderName: 'admin', claimedAtMs: 1n, lapsesAtMs: 2n });
    const server = reportServer([entry('1', 'Ivy', TriagePriority.NORMAL, ['Spam']), taken], { id: 'u-mod', name: 'moderator' });
    renderScreen(<ReportsQueuePage />, { transports: { rpc: server.transport }, route: '/admin/reports', path: '/admin/reports', session: MODERATOR });
    const [first, second] = await screen.findAllByTestId('reported-message');
    expect(within(second!).getByTestId('claim').textContent).toBe('Claimed by admin');
    expect(within(second!).queryByRole('button', { name: /Claim|Release/ })).toBeNull();

    await user.click(within(first!).getByRole('button', { name: 'Claim the message of Ivy' }));
    await waitFor(() => expect(within(first!).getByTestId('claim').textContent).toBe('Claimed by you'));
    await user.click(within(first!).getByRole('button', { name: 'Release the message of Ivy' }));
    await waitFor(() => expect(within(first!).getByTestId('claim').textContent).toBe('Unclaimed'));
    expect(server.claims).toEqual(['claim 1', 'release 1']);
  });

  it('tells the moderator who took it first when a claim is refused', async () => {
    const user = userEvent.setup();
    const messages = [entry('1', 'Ivy', TriagePriority.NORMAL, ['Spam'])];
    const server = reportServer(messages, { id: 'u-mod', name: 'moderator' });
    renderScreen(<ReportsQueuePage />, { transports: { rpc: server.transport }, route: '/admin/reports', path: '/admin/reports', session: MODERATOR });
    const item = await screen.findByTestId('reported-message');
    // The admin claimed it after the page loaded.
    messages[0]!.claim = create(QueueClaimSchema, { holderId: 'u-admin', holderName: 'admin', claimedAtMs: 1n, lapsesAtMs: 2n });
    await user.click(within(item).getByRole('button', { name: 'Claim the message of Ivy' }));
    expect((await within(item).findByRole('alert')).textContent).toContain('claimed by admin');
    expect(server.claims).toEqual([]);
  });
});
