import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppealDecision, AppealReason } from '../../../gen/sro/moderation/appeals_pb';
import { signedIn } from '../../../test/render';
import { createSanctionTestServer, makeSanction } from '../../../test/sanction-test-server';
import { renderScreen } from '../../../test/sanction-test-render';
import MySanctionsPage from './my-sanctions-page';

const PLAYER = signedIn({ id: 'u-player', username: 'player', groups: ['/Player'] });
let server: ReturnType<typeof createSanctionTestServer>;

beforeEach(() => {
  server = createSanctionTestServer([makeSanction({ id: 's-active' }), makeSanction({ id: 's-old', active: false })]);
});

const renderPage = () =>
  renderScreen(<MySanctionsPage />, { transports: server.transports, route: '/account/sanctions', path: '/account/sanctions', session: PLAYER });

describe('appealing from /account/sanctions', { timeout: 30_000 }, () => {
  it('offers Appeal on the active sanction only, checks the form, files and shows "Appeal pending"', async () => {
    const user = userEvent.setup();
    renderPage();
    const active = await screen.findByRole('region', { name: 'Active' });
    const button = await within(active).findByRole('button', { name: 'Appeal' });
    expect(within(screen.getByRole('region', { name: 'History' })).queryByRole('button', { name: 'Appeal' })).toBeNull();

    await user.click(button);
    // The dialog's code loads lazily on the first open.
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this sanction' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeTruthy();
    expect(within(dialog).getByText('Say why.')).toBeTruthy();
    expect(server.appeals.appeals).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'My words were taken out of context' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your explanation' }), 'I was quoting the spammer');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await within(active).findByText('Appeal pending')).toBeTruthy();
    expect(within(active).queryByRole('button', { name: 'Appeal' })).toBeNull();
    expect(server.appeals.appeals[0]).toMatchObject({ sanctionId: 's-active', reason: AppealReason.CONTEXT, text: 'I was quoting the spammer' });
  });

  it("shows the outcome with the moderators' reason, never who decided", async () => {
    server.appeals.appeals.push(
      ...[
        {
          id: 'a-1',
          sanctionId: 's-active',
          decision: AppealDecision.UPHELD,
          decisionReason: 'The links were spam',
          decidedByName: 'Mara Decider',
          decidedById: 'u-mod',
        },
      ].map((a) => ({
        ...a,
        $typeName: 'sro.moderation.Appeal' as const,
        accountId: 'u-player',
        accountName: 'player',
        reason: AppealReason.OTHER,
        text: 'x',
        filedAtMs: 1n,
        decidedAtMs: 2n,
        newExpiresAtMs: 0n,
      })),
    );
    renderPage();
    const status = await screen.findByTestId('appeal-status');
    expect(status.textContent).toContain('Appeal declined: the sanction stands');
    expect(status.textContent).toContain("Moderators' reason: The links were spam");
    expect(document.body.textContent).not.toContain('Mara');
  });

  it("keeps the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    server.sanctions[0]!.active = false;
    server.sanctions.push(makeSanction({ id: 's-gone' }));
    renderPage();
    const active = await screen.findByRole('region', { name: 'Active' });
    await user.click(await within(active).findByRole('button', { name: 'Appeal' }));
    server.sanctions.find((s) => s.id === 's-gone')!.active = false;
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('radio', { name: 'I did not do this' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your explanation' }), 'Not me');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Could not send the appeal\. .*not active/);
  });
});
