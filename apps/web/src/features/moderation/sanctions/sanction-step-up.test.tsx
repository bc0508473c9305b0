import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Code, ConnectError } from '@connectrpc/connect';
import { SanctionKind, SanctionScope } from '../../../gen/sro/moderation/moderation_pb';
import { createSanctionTestServer } from '../../../test/sanction-test-server';
import { ADMIN, renderScreen } from '../../../test/sanction-test-render';
import { CharacterSanctions } from './character-sanctions';

const STEP_UP = 'step-up required: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.';
let server: ReturnType<typeof createSanctionTestServer>;

function show(stepUp = vi.fn(async () => {})) {
  renderScreen(<CharacterSanctions characterId="c-pia" characterName="Pia Nightshade" ownerId="u-player" ownerName="player" />, {
    transports: server.transports,
    session: { ...ADMIN, stepUp },
  });
  return stepUp;
}
const radio = (group: string, name: string) => within(screen.getByRole('radiogroup', { name: group })).getByRole<HTMLInputElement>('radio', { name });

beforeEach(() => {
  server = createSanctionTestServer();
  sessionStorage.clear();
});
afterEach(() => sessionStorage.clear());

describe('an account ban refused for an old sign-in', { timeout: 30_000 }, () => {
  it('keeps the form, signs in again, and issues the ban as it was once back', async () => {
    server.failures.issue = new ConnectError(STEP_UP, Code.PermissionDenied);
    const stepUp = show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sanction…' }));
    await screen.findByText(/Suggested from history|No earlier sanctions/);
    await user.click(radio('Kind', 'Account ban'));
    await user.click(radio('Duration', 'Permanent'));
    await user.type(screen.getByRole('combobox', { name: 'Reason' }), 'Cheating');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    await waitFor(() => expect(stepUp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.issued).toHaveLength(0);

    // The provider sends the browser back: the page loads afresh.
    cleanup();
    server.failures.issue = undefined;
    show();
    expect(await screen.findByText('You signed in again. Issuing the sanction as you filled it in.')).toBeTruthy();
    expect(radio('Kind', 'Account ban').checked).toBe(true);
    expect(radio('Duration', 'Permanent').checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Reason' }).value).toBe('Cheating');
    await waitFor(() => expect(server.issued).toHaveLength(1));
    expect(server.issued[0]).toMatchObject({
      kind: SanctionKind.BAN,
      scope: SanctionScope.EVERYWHERE,
      accountId: 'u-player',
      durationSeconds: -1n,
      reason: 'Cheating',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Once only: another visit starts with the dialog closed.
    cleanup();
    show();
    await screen.findByRole('button', { name: 'Sanction…' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('any other refusal shows in the form and keeps nothing', async () => {
    server.failures.issue = new ConnectError('permission denied: only admins issue or revoke account bans', Code.PermissionDenied);
    const stepUp = show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sanction…' }));
    await screen.findByText(/Suggested from history|No earlier sanctions/);
    await user.click(radio('Kind', 'Account ban'));
    await user.type(screen.getByRole('combobox', { name: 'Reason' }), 'Cheating');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    expect((await screen.findByRole('alert')).textContent).toContain('only admins issue or revoke account bans');
    expect(stepUp).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });
});
