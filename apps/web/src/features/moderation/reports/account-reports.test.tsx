import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { StoredChatMessageSchema } from '../../../gen/sro/moderation/chat_history_pb';
import {
  ChatReportSchema,
  ReportedMessageSchema,
  ReportOutcome,
  ReportReason,
  ReportService,
  type ListReportedMessagesRequest,
} from '../../../gen/sro/moderation/reports_pb';
import { ADMIN, MODERATOR, renderScreen } from '../../../test/sanction-test-render';
import { AccountReports } from './account-reports';
import { noReportsMade } from './report-texts';

interface Reported {
  id: string;
  sender: { id: string; name: string; account: string };
  content: string;
  outcome?: ReportOutcome;
  reports: { character: string; account: string; reason: ReportReason; outcome?: ReportOutcome }[];
}

/** The report service in memory: the queue filtered as the server filters it (reports.proto), and the requests it got. */
function reportServer(reported: Reported[]) {
  const requests: ListReportedMessagesRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(ReportService, {
      listReportedMessages: (req) => {
        requests.push(req);
        const hits = reported.filter(
          (m) =>
            (!req.senderAccountId || m.sender.account === req.senderAccountId) &&
            (!req.reporterAccountId || m.reports.some((r) => r.account === req.reporterAccountId)),
        );
        return {
          total: BigInt(hits.length),
          messages: hits.slice(req.offset, req.offset + req.limit).map((m) =>
            create(ReportedMessageSchema, {
              message: create(StoredChatMessageSchema, {
                id: m.id,
                channelName: 'Global',
                senderId: m.sender.id,
                senderName: m.sender.name,
                content: m.content,
                sentAtMs: 1n,
              }),
              outcome: m.outcome ?? ReportOutcome.UNSPECIFIED,
              latestReportMs: BigInt(Date.UTC(2030, 0, 2)),
              reports: m.reports.map((r, i) =>
                create(ChatReportSchema, {
                  id: `${m.id}-${i}`,
                  messageId: m.id,
                  reporterCharacterName: r.character,
                  reporterAccountId: r.account,
                  reason: r.reason,
                  outcome: r.outcome ?? m.outcome ?? ReportOutcome.UNSPECIFIED,
                  createdAtMs: BigInt(Date.UTC(2030, 0, 1 + i)),
                }),
              ),
            }),
          ),
        };
      },
    });
  });
  return { transport, requests };
}

const PIA_CHAR = { id: 'c-pia', name: 'Pia Nightshade', account: 'u-pia' };
const IVY = { id: 'c-ivy', name: 'Ivy Static', account: 'u-ivy' };

const open = (reported: Reported[], session = MODERATOR) => {
  const server = reportServer(reported);
  renderScreen(<AccountReports accountId="u-pia" username="pia" />, {
    transports: { rpc: server.transport },
    route: '/accounts/u-pia',
    path: '/accounts/:id',
    session,
  });
  return server;
};

describe("the player page's reports", { timeout: 30_000 }, () => {
  it('lists the reports the account made and received, each with its outcome and its reported message', async () => {
    const server = open([
      {
        id: '11',
        sender: IVY,
        content: 'buy gold now',
        reports: [
          { character: 'Pia Nightshade', account: 'u-pia', reason: ReportReason.SPAM },
          { character: 'Someone', account: 'u-x', reason: ReportReason.HATE },
        ],
      },
      {
        id: '12',
        sender: PIA_CHAR,
        content: 'you are terrible',
        outcome: ReportOutcome.DISMISSED,
        reports: [
          { character: 'Ivy Static', account: 'u-ivy', reason: ReportReason.HARASSMENT },
          { character: 'Ivy Alt', account: 'u-ivy', reason: ReportReason.HARASSMENT },
        ],
      },
    ]);
    const made = await screen.findByRole('list', { name: 'Reports pia made' });
    const mine = within(made).getByRole('listitem');
    // Only the account's own report: its reason, not the other reporter's.
    expect(within(mine).getByText('Pia Nightshade reported Ivy Static')).toBeTruthy();
    expect(within(mine).getByText('Open')).toBeTruthy();
    expect(within(mine).getByText(/^Spam ·/)).toBeTruthy();
    expect(within(mine).getByRole('link', { name: 'Reported message 11' }).getAttribute('href')).toBe('/admin/reports/11');

    const received = screen.getByRole('list', { name: 'Reports pia received' });
    const against = within(received).getByRole('listitem');
    expect(within(against).getByText('Dismissed')).toBeTruthy();
    expect(within(against).getByText(/^Harassment ×2 ·/)).toBeTruthy();
    expect(within(against).getByRole('link', { name: 'Reported message 12' }).getAttribute('href')).toBe('/admin/reports/12');

    // Both lists ask for resolved ones too, each with its own filter.
    expect(server.requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ includeResolved: true, reporterAccountId: 'u-pia', senderAccountId: '' }),
        expect.objectContaining({ includeResolved: true, senderAccountId: 'u-pia', reporterAccountId: '' }),
      ]),
    );
  });

  it('says so when there are none, and shows more on request', async () => {
    const user = userEvent.setup();
    const many: Reported[] = Array.from({ length: 12 }, (_, i) => ({
      id: String(100 + i),
      sender: PIA_CHAR,
      content: `line ${i}`,
      reports: [{ character: 'Ivy Static', account: 'u-ivy', reason: ReportReason.SPAM }],
    }));
    open(many, ADMIN);
    expect(await screen.findByText(noReportsMade('pia'))).toBeTruthy();
    const received = await screen.findByRole('list', { name: 'Reports pia received' });
    expect(within(received).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'Received (12)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(received).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
