import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApprovalAction, ApprovalDecision } from '../../../gen/sro/moderation/approvals_pb';
import { approvalRequest, createApprovalTestServer, PIA_ACCOUNT_ID } from '../../../test/approval-test-server';
import { ADMIN, renderScreen } from '../../../test/sanction-test-render';
import ApprovalsPage from './approvals-page';

let server: ReturnType<typeof createApprovalTestServer>;
const request = (id: string, requestedById: string, extra: Parameters<typeof approvalRequest>[3] = {}) =>
  approvalRequest(id, requestedById, ADMIN.user!.id, extra);

beforeEach(() => {
  server = createApprovalTestServer(
    [
      request('r-1', 'u-other'),
      request('r-2', ADMIN.user!.id, { action: ApprovalAction.PURGE, capability: 'chat-history.purge', subjectName: 'Pia Nightshade', messageCount: 240n }),
    ],
    ADMIN.user!.id,
  );
});

const renderPage = () =>
  renderScreen(<ApprovalsPage />, { transports: { rpc: server.transport }, route: '/admin/approvals', path: '/admin/approvals', session: ADMIN });

describe('the approvals screen', { timeout: 30_000 }, () => {
  it("lists pending requests; one's own waits for someone else, another's is approved with a reason", async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Approval requests' });
    const [ban, purge] = within(list).getAllByTestId('approval');
    expect(ban!.textContent).toContain('Permanent account ban of pia');
    // The subject's name leads to their player page; a character's purge names no account and links nowhere.
    expect(within(ban!).getByRole('link', { name: 'pia' }).getAttribute('href')).toBe(`/admin/accounts/${PIA_ACCOUNT_ID}`);
    expect(within(purge!).queryByRole('link')).toBeNull();
    expect(ban!.textContent).toContain('Reason: Cheating');
    expect(ban!.textContent).toContain('Requested by admin2');
    expect(purge!.textContent).toContain('Purge of 240 messages of Pia Nightshade');
    expect(purge!.textContent).toContain('Waiting for another staff member.');
    expect(within(purge!).queryByRole('button', { name: /Approve/ })).toBeNull();

    await user.click(within(ban!).getByRole('button', { name: 'Approve the permanent account ban of pia' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('Give the reason.')).toBeTruthy();
    expect(server.decided).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Evidence checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the permanent account ban of pia was carried out.')).toBeTruthy();
    expect(server.decided).toMatchObject([{ approvalId: 'r-1', decision: ApprovalDecision.APPROVE, reason: 'Evidence checked' }]);
  });

  it('rejects, and "Include decided" shows who decided and why', async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Approval requests' });
    await user.click(within(list).getByRole('button', { name: 'Reject the permanent account ban of pia' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Not enough evidence');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.decided).toMatchObject([{ approvalId: 'r-1', decision: ApprovalDecision.REJECT, reason: 'Not enough evidence' }]));
    await user.click(screen.getByRole('checkbox', { name: 'Include decided' }));
    expect(await screen.findByText('Rejected by admin: Not enough evidence')).toBeTruthy();
  });

  it("names an account purge's subject as the account", async () => {
    server.approvals = [
      request('r-3', 'u-other', { action: ApprovalAction.PURGE, subjectName: 'pia', messageCount: 500n, purge: { accountId: 'a-pia', reason: 'Raid' } }),
    ];
    renderPage();
    const list = await screen.findByRole('list', { name: 'Approval requests' });
    expect(within(list).getByTestId('approval').textContent).toContain('Purge of 500 messages of the account pia');
  });

  it('says when nothing waits', async () => {
    server.approvals = [];
    renderPage();
    expect(await screen.findByText('No requests waiting for approval.')).toBeTruthy();
  });
});
