import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { AppealDecision, AppealReason, AppealSchema } from '../../../gen/sro/moderation/appeals_pb';
import { createSanctionTestServer, makeSanction, NOW_MS } from '../../../test/sanction-test-server';
import { ADMIN, MODERATOR, renderScreen } from '../../../test/sanction-test-render';
import AppealsQueuePage from './appeals-queue-page';
import AppealPage from './appeal-page';
import { newEndProblem } from './decide-dialog';

let server: ReturnType<typeof createSanctionTestServer>;

beforeEach(() => {
  server = createSanctionTestServer([makeSanction({ id: 's-1', reason: 'Spam' }), makeSanction({ id: 's-0', active: false, reason: 'Old spam' })]);
  server.appeals.appeals.push(
    create(AppealSchema, {
      id: 'a-1',
      sanctionId: 's-1',
      accountId: 'u-player',
      accountName: 'player',
      reason: AppealReason.TOO_HARSH,
      text: 'One link, one day?',
      filedAtMs: BigInt(NOW_MS - 60_000),
    }),
  );
});

describe('the appeals queue', { timeout: 30_000 }, () => {
  it('lists open appeals with the sanction and links each to its page', async () => {
    renderScreen(<AppealsQueuePage />, { transports: server.transports, route: '/moderation/appeals', path: '/moderation/appeals', session: MODERATOR });
    const entry = await screen.findByTestId('appeal');
    expect(entry.textContent).toContain('Appeal pending');
    expect(entry.textContent).toContain('player');
    expect(entry.textContent).toContain('Spam');
    expect(entry.textContent).toContain('The sanction is too harsh: One link, one day?');
    expect(within(entry).getByRole('link', { name: 'Review the appeal of player' }).getAttribute('href')).toBe('/admin/appeals/a-1');
  });

  it('says when none is open, and "Include decided" brings the decided ones', async () => {
    const user = userEvent.setup();
    server.appeals.appeals[0]!.decision = AppealDecision.UPHELD;
    renderScreen(<AppealsQueuePage />, { transports: server.transports, route: '/moderation/appeals', path: '/moderation/appeals', session: MODERATOR });
    expect(await screen.findByText('No open appeals.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Include decided' }));
    const list = await screen.findByRole('list', { name: 'Appeals' });
    expect(within(list).getByTestId('appeal').textContent).toContain('One link, one day?');
    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeTruthy();
  });
});

describe('one appeal', { timeout: 30_000 }, () => {
  const renderPage = () =>
    renderScreen(<AppealPage />, { transports: server.transports, route: '/admin/appeals/a-1', path: '/admin/appeals/:id', session: ADMIN });

  it("shows the appeal, the sanction and the player's other sanctions; decides with a reason", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Appeal of player' })).toBeTruthy();
    expect(screen.getByText('One link, one day?')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: "The player's other sanctions" })).getByText(/Old spam/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Decide…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide the appeal' });
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));
    expect(within(dialog).getByText('Choose a decision.')).toBeTruthy();
    expect(server.appeals.decided).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Revoke: lift it now' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (the player reads it)' }), 'First offence');
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Appeal accepted: the sanction was lifted. The player sees it now.')).toBeTruthy();
    expect(server.appeals.decided[0]).toMatchObject({ appealId: 'a-1', decision: AppealDecision.REVOKED, reason: 'First offence', newExpiresAtMs: 0n });
    expect(screen.queryByRole('button', { name: 'Decide…' })).toBeNull();
  });

  it("keeps the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const { Code, ConnectError } = await import('@connectrpc/connect');
    server.appeals.failures.decide = new ConnectError(
      'permission denied: you issued this sanction; another moderator decides its appeal',
      Code.PermissionDenied,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Decide…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Uphold: the sanction stands' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (the player reads it)' }), 'Stands');
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/you issued this sanction/);
  });

  it('checks a shortened end as the server does', () => {
    const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    expect(newEndProblem('', NOW_MS, 0)).toBe('Choose the new end.');
    expect(newEndProblem(local(NOW_MS - 3_600_000), NOW_MS, 0)).toBe('The new end must be in the future.');
    expect(newEndProblem(local(NOW_MS + 7_200_000), NOW_MS, NOW_MS + 3_600_000)).toBe('The new end must be earlier than the current end.');
    expect(newEndProblem(local(NOW_MS + 1_800_000), NOW_MS, NOW_MS + 3_600_000)).toBeUndefined();
    expect(newEndProblem(local(NOW_MS + 1_800_000), NOW_MS, 0)).toBeUndefined();
  });
});
