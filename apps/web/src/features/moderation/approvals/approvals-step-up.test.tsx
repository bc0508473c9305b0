import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Code, ConnectError } from '@connectrpc/connect';
import { ApprovalDecision } from '../../../gen/sro/moderation/approvals_pb';
import { ADMIN_GROUP } from '../../../lib/auth/access';
import { approvalRequest, createApprovalTestServer } from '../../../test/approval-test-server';
import { signedIn } from '../../../test/render';
import { renderScreen } from '../../../test/sanction-test-render';
import ApprovalsPage from './approvals-page';

const STEP_UP = 'step-up required: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.';
const ME = 'u-admin';
let server: ReturnType<typeof createApprovalTestServer>;

function renderPage(stepUp = vi.fn(async () => {})) {
  const session = signedIn({ id: ME, username: 'admin', groups: [ADMIN_GROUP] }, { stepUp });
  renderScreen(<ApprovalsPage />, { transports: { rpc: server.transport }, route: '/admin/approvals', path: '/admin/approvals', session });
  return stepUp;
}

beforeEach(() => {
  server = createApprovalTestServer([approvalRequest('r-1', 'u-other', ME)], ME);
  sessionStorage.clear();
});
afterEach(() => sessionStorage.clear());

describe('a decision refused for an old sign-in', { timeout: 30_000 }, () => {
  it('signs in again and, back on the screen, sends the decision with the typed reason, once', async () => {
    server.refusal = new ConnectError(STEP_UP, Code.PermissionDenied);
    const user = userEvent.setup();
    const stepUp = renderPage();
    const list = await screen.findByRole('list', { name: 'Approval requests' });
    await user.click(within(list).getByRole('button', { name: 'Reject the permanent account ban of pia' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Not enough evidence');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(stepUp).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(server.decided).toEqual([]);

    // The provider sends the browser back to the screen: a fresh page, the same tab's storage.
    cleanup();
    const again = renderPage();
    expect(await screen.findByText('Rejected: the permanent account ban of pia will not happen.')).toBeTruthy();
    expect(server.decided).toMatchObject([{ approvalId: 'r-1', decision: ApprovalDecision.REJECT, reason: 'Not enough evidence' }]);
    expect(again).not.toHaveBeenCalled();

    // Once: another visit sends nothing.
    cleanup();
    renderPage();
    await screen.findByText('No requests waiting for approval.');
    expect(server.decided).toHaveLength(1);
  });

  it('a failure after signing in again shows in the dialog, the reason still there', async () => {
    server.refusal = new ConnectError(STEP_UP, Code.PermissionDenied);
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Approval requests' });
    await user.click(within(list).getByRole('button', { name: 'Approve the permanent account ban of pia' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Evidence checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sessionStorage.length).toBe(1));

    cleanup();
    server.refusal = new ConnectError('the account is gone', Code.NotFound);
    renderPage();
    const back = await screen.findByRole('dialog');
    expect((await within(back).findByRole('alert')).textContent).toContain('Could not decide the request.');
    expect(within(back).getByLabelText<HTMLTextAreaElement>(/Reason/).value).toBe('Evidence checked');
    expect(server.decided).toEqual([]);
  });
});
