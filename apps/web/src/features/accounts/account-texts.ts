// The player page's texts (docs/product.md "Admin console", "Moderation desk"); the tests import them.

export const ACCOUNT_ID_REQUIRED = 'Account ID is required';
export const NO_CHARACTERS = 'This account has no characters.';
export const NO_SESSIONS = 'This account is not signed in anywhere.';
export const NO_SANCTIONS = 'No sanction on this account or any of its characters.';
export const SESSION_ENDED = 'Session ended';
export const ALL_SESSIONS_ENDED = 'Every session of this account ended';
export const endSessionLabel = (address: string, clients: string) => `End this session from ${address} (${clients})`;
export const sessionsFailed = (message: string) => `Could not load the sessions: ${message}`;
export const endFailed = (message: string) => `Could not end the session: ${message}`;
export const charactersFailed = (message: string) => `Could not load the characters: ${message}`;
export const NO_ACTIONS = 'No recorded action on this account or its sanctions.';
export const NO_OWN_ACTIONS = 'You have taken no recorded action on this account.';
export const END_ALL_TITLE = 'End all sessions?';
export const END_ALL_MESSAGE = 'The player is signed out on every device and app, and must sign in again to play or chat.';
