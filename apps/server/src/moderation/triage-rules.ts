import type { Reason } from "./report-rules.js";

/**
 * Triage (docs/moderation.md "Triage"): a queue item's priority and its why, from facts read in one set-based
 * query. Plain functions, no I/O: the store gathers the facts, this ranks them.
 */

export type Priority = "urgent" | "high" | "normal" | "low";

export const PRIORITIES: readonly Priority[] = ["urgent", "high", "normal", "low"];

/** SLA targets: an item is late once its oldest open report (or its filing) waited longer than its level's target. */
export const SLA_TARGET_MS: Readonly<Record<Priority, number>> = {
  urgent: 60 * 60_000,
  high: 4 * 60 * 60_000,
  normal: 24 * 60 * 60_000,
  low: 72 * 60 * 60_000,
};

/** How far back the sender's sanctions count. */
export const SENDER_HISTORY_MS = 30 * 24 * 60 * 60_000;
/** A reporter's track record speaks once their accounts have this many resolved reports between them. */
export const TRACK_RECORD_MIN = 3;
/** A claim lapses this long after its holder last claimed (or renewed) it. */
export const CLAIM_IDLE_MS = 15 * 60_000;

export interface Triaged {
  priority: Priority;
  reasons: string[];
  dueAtMs: number;
  late: boolean;
}

const REASON_WEIGHT: Readonly<Record<Reason, number>> = { hate: 3, harassment: 2, cheating: 2, spam: 1, other: 0 };
const REASON_TEXT: Readonly<Record<Reason, string>> = {
  hate: "Hate speech",
  harassment: "Harassment",
  cheating: "Cheating",
  spam: "Spam",
  other: "Other",
};

export interface ReportFacts {
  /** The open reports' reasons (distinct or not). */
  reasons: readonly Reason[];
  /** Distinct reporter accounts of the open reports. */
  reporters: number;
  /** The reporters' past resolved reports, and how many of those ended DELETED or SANCTIONED. */
  reportersResolved: number;
  reportersActioned: number;
  /** Sanctions of the sender's account (its characters' too) in the last SENDER_HISTORY_MS. */
  senderSanctions: number;
  /** The oldest open report. */
  oldestOpenMs: number;
}

const level = (score: number): Priority => (score >= 5 ? "urgent" : score >= 3 ? "high" : score >= 1 ? "normal" : "low");

function due(priority: Priority, sinceMs: number, nowMs: number) {
  const dueAtMs = sinceMs + SLA_TARGET_MS[priority];
  return { dueAtMs, late: nowMs > dueAtMs };
}

/**
 * A reported message's priority: its worst reason's weight (hate 3; harassment, cheating 2; spam 1; other 0),
 * +1 for two distinct reporters or +2 for three or more, +1 when the reporters' reports led to action at least 70%
 * of the time (−1 at 20% or less; only past TRACK_RECORD_MIN resolved reports), +1 for one recent sanction of the
 * sender or +2 for two or more. 5+ urgent, 3–4 high, 1–2 normal, else low.
 */
export function triageReport(f: ReportFacts, nowMs: number): Triaged {
  const reasons: string[] = [];
  let score = 0;
  const worst = [...new Set(f.reasons)].sort((a, b) => REASON_WEIGHT[b] - REASON_WEIGHT[a])[0];
  if (worst) {
    score += REASON_WEIGHT[worst];
    reasons.push(REASON_TEXT[worst]);
  }
  if (f.reporters >= 2) {
    score += f.reporters >= 3 ? 2 : 1;
    reasons.push(`${f.reporters} distinct reporters`);
  }
  if (f.reportersResolved >= TRACK_RECORD_MIN) {
    const share = f.reportersActioned / f.reportersResolved;
    const percent = Math.round(share * 100);
    if (share >= 0.7) score += 1;
    if (share <= 0.2) score -= 1;
    reasons.push(`reporters' reports led to action ${percent}% of the time`);
  }
  if (f.senderSanctions > 0) {
    score += f.senderSanctions >= 2 ? 2 : 1;
    reasons.push(`sender sanctioned ${f.senderSanctions}× in 30 days`);
  }
  const priority = level(score);
  return { priority, reasons, ...due(priority, f.oldestOpenMs, nowMs) };
}

export interface AppealFacts {
  kind: "mute" | "ban";
  /** An account-wide sanction (no character). */
  accountWide: boolean;
  scope: "channel" | "dimension" | "everywhere" | "game";
  /** Null: permanent. */
  expiresAtMs: number | null;
  filedAtMs: number;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * An appeal's priority: what the sanction keeps the player from and for how long. A ban +2 (an account ban +3),
 * a mute +1; everywhere or the game +1; permanent +1; waiting over a day +1 (two days +2). 5+ urgent, 3–4 high,
 * 1–2 normal, else low. A sanction ending before the appeal's SLA would is no more urgent than normal.
 */
export function triageAppeal(f: AppealFacts, nowMs: number): Triaged {
  const reasons: string[] = [];
  let score = 0;
  if (f.kind === "ban") {
    score += f.accountWide ? 3 : 2;
    reasons.push(f.accountWide ? "Account ban" : "Ban");
  } else {
    score += 1;
    reasons.push(f.accountWide ? "Account mute" : "Mute");
  }
  if (f.scope === "everywhere" || f.scope === "game") {
    score += 1;
    reasons.push(f.scope === "game" ? "from the game" : "everywhere");
  }
  if (f.expiresAtMs === null) {
    score += 1;
    reasons.push("permanent");
  }
  const waited = nowMs - f.filedAtMs;
  if (waited > DAY_MS) {
    const days = Math.floor(waited / DAY_MS);
    score += days >= 2 ? 2 : 1;
    reasons.push(`waiting ${days} ${days === 1 ? "day" : "days"}`);
  }
  let priority = level(score);
  if (f.expiresAtMs !== null && f.expiresAtMs - nowMs < SLA_TARGET_MS.normal && PRIORITIES.indexOf(priority) < PRIORITIES.indexOf("normal")) {
    priority = "normal";
    reasons.push("ends within a day");
  }
  return { priority, reasons, ...due(priority, f.filedAtMs, nowMs) };
}

/** Queue order: priority, then the oldest first, then the id (stable pages). */
export function byPriorityThenAge<T extends { triage: Triaged; sinceMs: number; id: string | number }>(a: T, b: T): number {
  return PRIORITIES.indexOf(a.triage.priority) - PRIORITIES.indexOf(b.triage.priority) || a.sinceMs - b.sinceMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A claim as the queue shows it: live while its holder claimed it within CLAIM_IDLE_MS, else nobody's. */
export function liveClaim(c: { holderId: string; holderName: string; claimedAtMs: number | null }, nowMs: number) {
  if (c.holderId === "" || c.claimedAtMs === null) return undefined;
  const lapsesAtMs = c.claimedAtMs + CLAIM_IDLE_MS;
  return nowMs < lapsesAtMs ? { holderId: c.holderId, holderName: c.holderName, claimedAtMs: c.claimedAtMs, lapsesAtMs } : undefined;
}

/** The levels a webhook hears of (docs/moderation.md "Webhooks"): a reported message reaching one, or above. */
export const ALERT_LEVELS = ["urgent", "high"] as const satisfies readonly Priority[];
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** Each alert level that `after` is at or above and `before` (undefined: not in the queue) was not. */
export function levelsReached(before: Priority | undefined, after: Priority): AlertLevel[] {
  const rank = (p: Priority) => PRIORITIES.indexOf(p);
  return ALERT_LEVELS.filter((level) => rank(after) <= rank(level) && (before === undefined || rank(before) > rank(level)));
}
