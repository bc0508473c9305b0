import { describe, expect, it } from 'vitest';
import { createClient } from '@connectrpc/connect';
import { ApprovalService } from '../../gen/sro/moderation/approvals_pb';
import { approvalRequest, createApprovalTestServer } from '../../test/approval-test-server';
import { createAppQueryClient } from '../query-client';
import { approvalListOptions } from './approvals';

describe('the approvals list', () => {
  it('asks again on every visit, even within the entity caches’ minute: another admin may have filed one since', async () => {
    const server = createApprovalTestServer([], 'u-me');
    const api = createClient(ApprovalService, server.transport);
    // The app's own client (entity caches fresh for a minute, persisted across reloads).
    const client = createAppQueryClient();
    const query = { includeDecided: false, pageIndex: 0, pageSize: 50 };
    expect((await client.fetchQuery(approvalListOptions(api, query))).approvals).toHaveLength(0);
    server.approvals.push(approvalRequest('r-1', 'u-other', 'u-me'));
    const again = await client.fetchQuery(approvalListOptions(api, query));
    expect(again.approvals.map((a) => a.id)).toEqual(['r-1']);
  });
});
