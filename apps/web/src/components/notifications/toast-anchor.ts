/**
 * Marks what toasts must stay below: the app's sticky header and a page's title row with its actions (read by
 * use-stack-top.ts, which stays in the lazy stacks chunk: this file is all the landing page carries).
 */
export const TOAST_ANCHOR = { 'data-toast-anchor': '' } as const;
