export const BANNED_ACCOUNT_TEXT = 'Your account is banned: the game and its chat are closed to it. If you think this is a mistake, contact the moderators.';

/** For an account in the /Banned group, whose ban is a group at the identity provider rather than a sanction record. */
export function BannedAccountNotice() {
  return (
    <p role="status" className="rounded-xl border border-red-400/40 bg-red-500/10 px-4 py-4 text-sm text-red-100">
      {BANNED_ACCOUNT_TEXT}
    </p>
  );
}
