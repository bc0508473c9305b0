import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { IssueSanctionRequestSchema, SanctionKind, SanctionScope } from "../gen/sro/moderation/moderation_pb.js";
import type { SanctionFact } from "./sanction-message.js";
import { createAccountBanGate } from "./account-ban-gate.js";
import { accountBanMessage, DEFAULT_SETTINGS, expiresAt, isAccountBan, issueInput, signInBanMessage, suggestedStep } from "./moderation-rules.js";

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const codeOf = (f: () => unknown) => {
  try {
    f();
    return "ok";
  } catch (error) {
    return ConnectError.from(error).code;
  }
};

describe("durations", () => {
  it("> 0 seconds from now, negative permanent, 0 refused, over 100 years refused", () => {
    expect(expiresAt(60n, NOW)).toBe(NOW + 60_000);
    expect(expiresAt(-1n, NOW)).toBeNull();
    expect(expiresAt(-86_400n, NOW)).toBeNull();
    expect(codeOf(() => expiresAt(0n, NOW))).toBe(Code.InvalidArgument);
    expect(codeOf(() => expiresAt(2n ** 62n, NOW))).toBe(Code.InvalidArgument);
  });
});

describe("issue requests", () => {
  const base = { kind: SanctionKind.BAN, scope: SanctionScope.EVERYWHERE, accountId: "acc-1", durationSeconds: -1n, reason: "  Cheating  " };
  it("trim the reason and tell an account ban from a chat ban", () => {
    const input = issueInput(create(IssueSanctionRequestSchema, base), NOW);
    expect(input).toMatchObject({
      kind: "ban",
      scope: "everywhere",
      scopeId: null,
      characterId: null,
      accountId: "acc-1",
      expiresAtMs: null,
      reason: "Cheating",
    });
    expect(isAccountBan(input)).toBe(true);
    expect(isAccountBan({ ...input, scope: "channel" })).toBe(false);
    expect(isAccountBan({ ...input, kind: "mute" })).toBe(false);
    expect(isAccountBan({ ...input, characterId: "c" })).toBe(false);
  });
  it("lower-case character and scope ids", () => {
    const input = issueInput(
      create(IssueSanctionRequestSchema, {
        ...base,
        accountId: "",
        characterId: "AAAAAAAA-0000-4000-8000-000000000001",
        scope: SanctionScope.CHANNEL,
        scopeId: "BBBBBBBB-0000-4000-8000-000000000001",
      }),
      NOW,
    );
    expect([input.characterId, input.scopeId]).toEqual(["aaaaaaaa-0000-4000-8000-000000000001", "bbbbbbbb-0000-4000-8000-000000000001"]);
  });
});

describe("the escalation ladder", () => {
  it("suggests step n for n earlier sanctions; the last step repeats", () => {
    const ladder = DEFAULT_SETTINGS.ladder;
    expect([0, 1, 2, 3, 4, 99].map((n) => suggestedStep(ladder, n))).toEqual([
      { kind: "mute", durationSeconds: 3600 },
      { kind: "mute", durationSeconds: 86_400 },
      { kind: "ban", durationSeconds: 604_800 },
      { kind: "ban", durationSeconds: -1 },
      { kind: "ban", durationSeconds: -1 },
      { kind: "ban", durationSeconds: -1 },
    ]);
  });
});

describe("account bans", () => {
  const ban = (over: Partial<SanctionFact>): SanctionFact => ({
    id: "s1",
    kind: "ban",
    scope: "everywhere",
    scopeId: null,
    characterId: null,
    accountId: "acc-1",
    issuedAtMs: NOW - 1_000,
    expiresAtMs: NOW + 90_000,
    reason: "Cheating",
    playerMessage: "Write to support",
    issuedById: "a",
    issuedByName: "admin",
    ...over,
  });

  it("say why, for how long, and what the player is told", () => {
    expect(accountBanMessage(ban({}), NOW)).toBe(
      "permission denied: this account is banned for another 1m 30s (until 2026-11-24T12:01:30.000Z). Reason: Cheating. Message: Write to support",
    );
    expect(accountBanMessage(ban({ expiresAtMs: null, playerMessage: "" }), NOW)).toBe(
      "permission denied: this account is banned permanently. Reason: Cheating",
    );
    expect(signInBanMessage(ban({}))).toBe("Your account is banned until 2026-11-24 12:01 UTC. Reason: Cheating. Write to support");
  });

  it("the gate refuses while the ban holds, lifts at expiry without a job, and follows replacements", () => {
    let now = NOW;
    const gate = createAccountBanGate(() => now);
    gate.seed([ban({})]);
    expect(gate.refusal("acc-1")?.code).toBe(Code.PermissionDenied);
    expect(gate.refusal("acc-2")).toBeUndefined();
    expect(gate.signInRefusal("acc-1")).toMatch(/^Your account is banned until/);
    now = NOW + 90_000;
    expect(gate.refusal("acc-1")).toBeUndefined();
    gate.replace("acc-1", [ban({ id: "s2", expiresAtMs: null })]);
    expect(gate.refusal("acc-1")?.rawMessage).toMatch(/banned permanently/);
    gate.replace("acc-1", []);
    expect(gate.refusal("acc-1")).toBeUndefined();
    // A late seed does not bring back what the bus already replaced.
    gate.seed([ban({ expiresAtMs: null })]);
    expect(gate.refusal("acc-1")).toBeUndefined();
  });

  it("re-reads every ban after the bus came back; a change heard while reading keeps the newer list", () => {
    const gate = createAccountBanGate(() => NOW);
    gate.seed([ban({ accountId: "acc-1", expiresAtMs: null }), ban({ id: "s9", accountId: "acc-3", expiresAtMs: null })]);
    const apply = gate.resync();
    // Heard from the bus while the re-read was running: acc-3's ban was revoked.
    gate.replace("acc-3", []);
    // The re-read: acc-1's ban was revoked during the outage, acc-2 was banned, acc-3's read is older than the bus.
    apply([ban({ id: "s5", accountId: "acc-2", expiresAtMs: null }), ban({ id: "s9", accountId: "acc-3", expiresAtMs: null })]);
    expect(gate.refusal("acc-1")).toBeUndefined();
    expect(gate.refusal("acc-2")?.code).toBe(Code.PermissionDenied);
    expect(gate.refusal("acc-3")).toBeUndefined();
  });
});
