/** The review lane's pure rules (held-messages-page.tsx). */

export const MAX_DENY_REASON = 500;

/** The server's rule for a deny reason: 1..500 characters once trimmed. */
export function denyReasonError(reason: string): string | undefined {
  const length = [...reason.trim()].length;
  if (length === 0) return 'Enter a reason: the sender is told it.';
  if (length > MAX_DENY_REASON) return `At most ${MAX_DENY_REASON} characters (this one has ${length}).`;
  return undefined;
}

/** "held 42 s ago", "held 3 min ago", "held 2 h ago": how long the sender has been waiting. */
export function heldAgeText(sentAtMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - sentAtMs) / 1000));
  if (seconds < 60) return `held ${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `held ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `held ${hours} h ago`;
  return `held ${Math.floor(hours / 24)} days ago`;
}
