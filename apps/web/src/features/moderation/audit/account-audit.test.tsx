import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { AuditRecordSchema, AuditService, type ListAuditRecordsRequest } from '../../../gen/sro/moderation/audit_pb';
import { ADMIN, renderScreen } from '../../../test/sanction-test-render';
import { AccountAudit } from './account-audit';

const RECORDS = [
  { id: '7', action: 'user.sessions.end', targetType: 'user', targetId: 'u-pia', actorId: 'u-admin', actorName: 'admin' },
  { id: '6', action: 'sanction.issue', targetType: 'sanction', targetId: 's-1', actorId: 'u-mod', actorName: 'moderator' },
];

/** The audit service in memory: the account's records, and the requests it got. */
function auditServer(records = RECORDS) {
  const requests: ListAuditRecordsRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(AuditService, {
      listAuditRecords: (req) => {
        requests.push(req);
        const hits = req.accountId === 'u-pia' ? records : [];
        return { total: BigInt(hits.length), records: hits.map((r, i) => create(AuditRecordSchema, { ...r, timeMs: BigInt(Date.UTC(2030, 0, 10 - i)) })) };
      },
    });
  });
  return { transport, requests };
}

describe("the player page's audit records", { timeout: 30_000 }, () => {
  it('lists the records on the account, asked by its id, each with its actor and a link to the record and its target', async () => {
    const server = auditServer();
    renderScreen(<AccountAudit accountId="u-pia" label="Actions on pia" emptyMessage="none" />, { transports: { rpc: server.transport }, session: ADMIN });
    const table = await screen.findByRole('grid', { name: 'Actions on pia' }).catch(() => screen.findByRole('table', { name: 'Actions on pia' }));
    expect(await within(table).findByText('user.sessions.end')).toBeTruthy();
    expect(within(table).getByText('moderator')).toBeTruthy();
    // The account as the target links to its player page, the sanction to its page.
    expect(within(table).getByRole('link', { name: 'user u-pia' }).getAttribute('href')).toBe('/admin/accounts/u-pia');
    expect(within(table).getByRole('link', { name: 'sanction s-1' }).getAttribute('href')).toBe('/admin/sanctions/s-1');
    expect(server.requests[0]).toMatchObject({ accountId: 'u-pia', limit: 10, offset: 0 });
  });

  it('says so when there is none', async () => {
    renderScreen(<AccountAudit accountId="u-pia" label="Your actions on pia" emptyMessage="You have taken no recorded action on this account." />, {
      transports: { rpc: auditServer([]).transport },
    });
    expect(await screen.findByText('You have taken no recorded action on this account.')).toBeTruthy();
  });
});
