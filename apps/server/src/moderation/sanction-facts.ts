import type { SanctionFact } from "./sanction-message.js";

export const isActive = (s: { expiresAtMs: number | null; revokedAtMs?: number | null }, nowMs: number) =>
  (s.revokedAtMs ?? null) === null && (s.expiresAtMs === null || s.expiresAtMs > nowMs);

/** Of the active sanctions, the one that holds longest (permanent first). */
export function decisive(list: readonly SanctionFact[], nowMs: number): SanctionFact | undefined {
  let best: SanctionFact | undefined;
  const end = (s: SanctionFact) => s.expiresAtMs ?? Number.POSITIVE_INFINITY;
  for (const s of list) if (isActive(s, nowMs) && (!best || end(s) > end(best))) best = s;
  return best;
}
