/** Where a purge refused for an old sign-in waits while the user signs in again (lib/auth/step-up.ts). */
export const PURGE_STEP_UP_ACTION = 'chat-purge';
