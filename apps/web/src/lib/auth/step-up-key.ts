/** Where a pending action waits across a step-up sign-in (step-up.ts); light enough for any page chunk. */
export const STEP_UP_PENDING_KEY = 'sro.step-up.pending';
