import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Code, ConnectError } from '@connectrpc/connect';
import { SanctionKind, SanctionScope } from '../../../gen/sro/moderation/moderation_pb';
import { createSanctionTestServer, makeSanction } from '../../../test/sanction-test-server';
import { SanctionDialog } from './sanction-dialog';
import { ADMIN, MODERATOR, renderScreen } from '../../../test/sanction-test-render';

let server: ReturnType<typeof createSanctionTestServer>;

const target = { characterId: 'c-pia', characterName: 'Pia Nightshade', accountId: 'u-player', accountName: 'player' };

function open(onClose = vi.fn(), { session = MODERATOR, quote }: { session?: typeof MODERATOR; quote?: string } = {}) {
  renderScreen(<SanctionDialog open onClose={onClose} target={target} prefill={{ channelId: 'ch-1', channelName: 'General', quote }} />, {
    transports: server.transports,
    session,
  });
  return onClose;
}
const dialog = () => screen.getByRole('dialog', { name: 'Sanction Pia Nightshade' });
/** Types a free-text reason and closes the template list (an open list hides the rest of the dialog from AT). */
async function typeReason(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('combobox', { name: 'Reason' }), text);
  await user.keyboard('{Escape}');
}
const radio = (group: string, name: string) => within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

beforeEach(() => {
  server = createSanctionTestServer();
});

// Many keystrokes and clicks each: slow on a busy machine.
describe('sanction dialog', { timeout: 30_000 }, () => {
  it('prefills from the history: the next ladder step, and says so', async () => {
    server.sanctions.push(makeSanction({ id: 'old', active: false }));
    open(undefined, { quote: 'buy gold at spam.example' });
    expect(await screen.findByText('Suggested from history: Mute for 1 day (1 earlier sanction).')).toBeTruthy();
    expect(server.suggestions.at(-1)).toMatchObject({ characterId: 'c-pia', accountId: '' });
    await waitFor(() => expect((radio('Duration', '1 day') as HTMLInputElement).checked).toBe(true));
    expect((radio('Kind', 'Mute') as HTMLInputElement).checked).toBe(true);
    expect((radio('Scope', 'This channel') as HTMLInputElement).checked).toBe(true);
    // The message is context, quoted.
    expect(within(dialog()).getByText('buy gold at spam.example').tagName).toBe('BLOCKQUOTE');
  });

  it("a longer step arrives as a custom duration ('Ban for 7 days')", async () => {
    server.sanctions.push(makeSanction({ id: 'a', active: false }), makeSanction({ id: 'b', active: false }));
    open();
    expect(await screen.findByText('Suggested from history: Ban for 7 days (2 earlier sanctions).')).toBeTruthy();
    await waitFor(() => expect((radio('Duration', 'Custom') as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Custom amount' }).value).toBe('7');
    expect((radio('Kind', 'Ban') as HTMLInputElement).checked).toBe(true);
    // Choosing the default duration (1 hour) and kind (Mute) sticks, though they equal the form's defaults.
    const user = userEvent.setup();
    await user.click(radio('Duration', '1 hour'));
    await user.click(radio('Kind', 'Mute'));
    await typeReason(user, 'Spam');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    await waitFor(() => expect(server.issued).toHaveLength(1));
    expect(server.issued[0]).toMatchObject({ kind: SanctionKind.MUTE, durationSeconds: 3600n });
  });

  it('names the missing field, sends nothing, then issues with a template reason, toasts and closes', async () => {
    const user = userEvent.setup();
    const onClose = open();
    await screen.findByText(/Suggested from history/);
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(server.issued).toHaveLength(0);

    const reason = screen.getByRole('combobox', { name: 'Reason' });
    await user.click(reason);
    await user.click(await screen.findByRole('option', { name: 'Harassment' }));
    expect((reason as HTMLInputElement).value).toBe('Harassment');
    await user.click(radio('Duration', '60 seconds'));
    await user.type(screen.getByRole('textbox', { name: /Player message/ }), 'Be kind.');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    await waitFor(() => expect(server.issued).toHaveLength(1));
    expect(server.issued[0]).toMatchObject({
      kind: SanctionKind.MUTE,
      scope: SanctionScope.CHANNEL,
      scopeId: 'ch-1',
      characterId: 'c-pia',
      accountId: '',
      durationSeconds: 60n,
      reason: 'Harassment',
      playerMessage: 'Be kind.',
    });
    expect((await screen.findAllByText('Pia Nightshade: mute issued (channel).')).length).toBeGreaterThan(0);
    expect(onClose).toHaveBeenCalled();
  });

  it('takes free text as the reason, the whole account as the subject, a dimension and a custom duration', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText(/Suggested from history/);
    await user.click(radio('Subject', 'The whole account'));
    await waitFor(() => expect(server.suggestions.at(-1)).toMatchObject({ accountId: 'u-player', characterId: '' }));
    await user.click(radio('Kind', 'Ban'));
    await user.click(radio('Scope', 'A dimension'));
    await user.click(screen.getByRole('button', { name: /^Dimension/ }));
    await user.click(await screen.findByRole('option', { name: /Prime/ }));
    await user.click(radio('Duration', 'Custom'));
    const amount = screen.getByRole('spinbutton', { name: 'Custom amount' });
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    expect(await screen.findByText('Custom duration must be a whole number of 1 or more')).toBeTruthy();
    await user.type(amount, '3');
    await typeReason(user, 'Gold selling across channels');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    await waitFor(() => expect(server.issued).toHaveLength(1));
    expect(server.issued[0]).toMatchObject({
      kind: SanctionKind.BAN,
      scope: SanctionScope.DIMENSION,
      scopeId: 'd-prime',
      characterId: '',
      accountId: 'u-player',
      durationSeconds: 3n * 3600n,
      reason: 'Gold selling across channels',
    });
  });

  it('a moderator bans a character from the game servers only: a ban, no scope id, and a mute is refused first', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText(/Suggested from history/);
    await user.click(radio('Kind', 'Mute'));
    await user.click(radio('Scope', 'Game sessions'));
    expect(screen.getByText('No joining game servers; a playing character is disconnected now. Chat is untouched. Bans only.')).toBeTruthy();
    await typeReason(user, 'Speed hacking');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    expect(await screen.findByText('Scope: keeping a player out of the game is a ban (choose Ban)')).toBeTruthy();
    expect(server.issued).toHaveLength(0);
    await user.click(radio('Kind', 'Ban'));
    // Choosing a ban clears the scope's error at once.
    await waitFor(() => expect(screen.queryByText('Scope: keeping a player out of the game is a ban (choose Ban)')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    await waitFor(() => expect(server.issued).toHaveLength(1));
    expect(server.issued[0]).toMatchObject({ kind: SanctionKind.BAN, scope: SanctionScope.GAME, scopeId: '', characterId: 'c-pia', accountId: '' });
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    const user = userEvent.setup();
    const onClose = open();
    server.failures.issue = new ConnectError('only admins issue account bans', Code.PermissionDenied);
    await typeReason(user, 'Spam');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toBe('Could not issue the sanction. PERMISSION_DENIED: only admins issue account bans');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("does not offer 'Account ban' to a moderator", async () => {
    open();
    await screen.findByText(/Suggested from history/);
    expect(within(screen.getByRole('radiogroup', { name: 'Kind' })).queryByRole('radio', { name: 'Account ban' })).toBeNull();
  });

  it('an admin issues an account ban: subject and scope are fixed', async () => {
    const user = userEvent.setup();
    open(undefined, { session: ADMIN });
    await screen.findByText(/Suggested from history/);
    await user.click(radio('Kind', 'Account ban'));
    expect((radio('Subject', 'The whole account') as HTMLInputElement).checked).toBe(true);
    expect((radio('Scope', 'Everywhere') as HTMLInputElement).disabled).toBe(true);
    await user.click(radio('Duration', 'Permanent'));
    await typeReason(user, 'Cheating');
    await user.click(screen.getByRole('button', { name: 'Issue sanction' }));
    await waitFor(() => expect(server.issued).toHaveLength(1));
    expect(server.issued[0]).toMatchObject({
      kind: SanctionKind.BAN,
      scope: SanctionScope.EVERYWHERE,
      scopeId: '',
      characterId: '',
      accountId: 'u-player',
      durationSeconds: -1n,
    });
  });

  it('Escape closes it', async () => {
    const user = userEvent.setup();
    const onClose = open();
    await screen.findByText(/Suggested from history/);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
