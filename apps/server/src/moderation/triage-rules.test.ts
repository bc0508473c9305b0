import { describe, expect, it } from "vitest";
import { byPriorityThenAge, CLAIM_IDLE_MS, levelsReached, liveClaim, SLA_TARGET_MS, triageAppeal, triageReport, type ReportFacts } from "./triage-rules.js";

const NOW = Date.UTC(2026, 0, 10);
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const facts = (f: Partial<ReportFacts> = {}): ReportFacts => ({
  reasons: ["spam"],
  reporters: 1,
  reportersResolved: 0,
  reportersActioned: 0,
  senderSanctions: 0,
  oldestOpenMs: NOW,
  ...f,
});

describe("triageReport", () => {
  it("weighs the worst reason: hate high, harassment and cheating high with help, spam normal, other low", () => {
    expect(triageReport(facts({ reasons: ["hate"] }), NOW)).toMatchObject({ priority: "high", reasons: ["Hate speech"] });
    expect(triageReport(facts({ reasons: ["spam", "harassment"] }), NOW)).toMatchObject({ priority: "normal", reasons: ["Harassment"] });
    expect(triageReport(facts({ reasons: ["spam"] }), NOW)).toMatchObject({ priority: "normal", reasons: ["Spam"] });
    expect(triageReport(facts({ reasons: ["other"] }), NOW)).toMatchObject({ priority: "low", reasons: ["Other"] });
  });

  it("adds distinct reporters, the reporters' track record and the sender's recent sanctions, each with its why", () => {
    expect(triageReport(facts({ reasons: ["hate"], reporters: 3 }), NOW)).toMatchObject({
      priority: "urgent",
      reasons: ["Hate speech", "3 distinct reporters"],
    });
    expect(triageReport(facts({ reasons: ["harassment"], reporters: 2, reportersResolved: 10, reportersActioned: 8, senderSanctions: 2 }), NOW)).toEqual(
      expect.objectContaining({
        priority: "urgent",
        reasons: ["Harassment", "2 distinct reporters", "reporters' reports led to action 80% of the time", "sender sanctioned 2× in 30 days"],
      }),
    );
    // A poor track record lowers it; too few resolved reports say nothing.
    expect(triageReport(facts({ reportersResolved: 5, reportersActioned: 1 }), NOW)).toMatchObject({ priority: "low" });
    expect(triageReport(facts({ reportersResolved: 2, reportersActioned: 0 }), NOW)).toMatchObject({ priority: "normal", reasons: ["Spam"] });
    expect(triageReport(facts({ senderSanctions: 1 }), NOW).reasons).toContain("sender sanctioned 1× in 30 days");
  });

  it("is due by its level's SLA target from the oldest open report, late past it", () => {
    const urgent = facts({ reasons: ["hate"], reporters: 3, oldestOpenMs: NOW - HOUR });
    expect(triageReport(urgent, NOW)).toMatchObject({ dueAtMs: NOW, late: false });
    expect(triageReport(urgent, NOW + 1)).toMatchObject({ late: true });
    expect(triageReport(facts({ reasons: ["other"] }), NOW).dueAtMs).toBe(NOW + SLA_TARGET_MS.low);
  });
});

describe("triageAppeal", () => {
  it("ranks by the sanction's kind, reach and length, and the appeal's wait", () => {
    const base = { kind: "mute" as const, accountWide: false, scope: "channel" as const, expiresAtMs: NOW + 7 * DAY, filedAtMs: NOW };
    expect(triageAppeal(base, NOW)).toMatchObject({ priority: "normal", reasons: ["Mute"] });
    expect(triageAppeal({ ...base, kind: "ban", accountWide: true, scope: "game", expiresAtMs: null }, NOW)).toMatchObject({
      priority: "urgent",
      reasons: ["Account ban", "from the game", "permanent"],
    });
    expect(triageAppeal({ ...base, filedAtMs: NOW - 2 * DAY - 1 }, NOW)).toMatchObject({ priority: "high", reasons: ["Mute", "waiting 2 days"], late: true });
    // Ending within a day: no more than normal.
    expect(triageAppeal({ ...base, kind: "ban", scope: "everywhere", expiresAtMs: NOW + HOUR }, NOW)).toMatchObject({ priority: "normal" });
  });
});

describe("queue order and claims", () => {
  it("sorts by priority, then the oldest first", () => {
    const item = (id: number, priority: "urgent" | "low", sinceMs: number) => ({ id, sinceMs, triage: { priority, reasons: [], dueAtMs: 0, late: false } });
    const sorted = [item(1, "low", 1), item(2, "urgent", 5), item(3, "urgent", 2)].sort(byPriorityThenAge);
    expect(sorted.map((i) => i.id)).toEqual([3, 2, 1]);
  });

  it("keeps a claim live for CLAIM_IDLE_MS after its holder last claimed it", () => {
    const claim = { holderId: "mod-1", holderName: "moderator", claimedAtMs: NOW };
    expect(liveClaim(claim, NOW + CLAIM_IDLE_MS - 1)).toMatchObject({ holderName: "moderator", lapsesAtMs: NOW + CLAIM_IDLE_MS });
    expect(liveClaim(claim, NOW + CLAIM_IDLE_MS)).toBeUndefined();
    expect(liveClaim({ holderId: "", holderName: "", claimedAtMs: null }, NOW)).toBeUndefined();
  });

  it("names each alert level a rise reaches, once: high or above, urgent", () => {
    expect(levelsReached(undefined, "low")).toEqual([]);
    expect(levelsReached(undefined, "high")).toEqual(["high"]);
    expect(levelsReached(undefined, "urgent")).toEqual(["urgent", "high"]);
    expect(levelsReached("normal", "urgent")).toEqual(["urgent", "high"]);
    expect(levelsReached("high", "high")).toEqual([]);
    expect(levelsReached("high", "urgent")).toEqual(["urgent"]);
    expect(levelsReached("urgent", "high")).toEqual([]);
  });
});
