/** Texts and checks of the moderators' report screens. */

export const MAX_NOTE = 500;
export const MESSAGE_ID_REQUIRED = 'A reported message id is required';

export function noteProblem(note: string): string | undefined {
  const length = [...note.trim()].length;
  if (length === 0) return 'Write a short note: it is kept with the resolution.';
  if (length > MAX_NOTE) return `Keep the note to ${MAX_NOTE} characters (now ${length}).`;
  return undefined;
}

export const resolvedText = (outcome: 'deleted' | 'dismissed' | 'sanctioned', reports: number) =>
  `${outcome === 'deleted' ? 'Message deleted' : outcome === 'dismissed' ? 'Reports dismissed' : 'Sanction issued'}: ${reports} ${reports === 1 ? 'report' : 'reports'} closed.`;

/** The player page's reports: how many of each list it shows first, and their empty states. */
export const ACCOUNT_REPORTS_PAGE = 10;
export const noReportsMade = (username: string) => `${username} has reported no message.`;
export const noReportsReceived = (username: string) => `No message of ${username}'s characters has been reported.`;
