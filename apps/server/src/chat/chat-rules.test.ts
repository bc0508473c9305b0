import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { messageContent } from "./stored-messages.js";
import {
  banFromDuration,
  channelName,
  directBlock,
  logQuery,
  readBlock,
  readDenial,
  requireId,
  sendBlock,
  sendDenial,
  type AccessFacts,
  type SanctionFact,
} from "./chat-rules.js";

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return ConnectError.from(error).code;
  }
};

describe("message content", () => {
  it("is trimmed", () => expect(messageContent("  hello \n")).toBe("hello"));
  it("must not be empty after trimming", () => expect(codeOf(() => messageContent(" \t\n "))).toBe(Code.InvalidArgument));
  it("may be 1000 characters but not 1001", () => {
    expect(messageContent("x".repeat(1000))).toHaveLength(1000);
    expect(codeOf(() => messageContent("x".repeat(1001)))).toBe(Code.InvalidArgument);
    // Trimming happens before counting.
    expect(messageContent(` ${"x".repeat(1000)} `)).toHaveLength(1000);
  });
  it("counts characters, not UTF-16 units", () => {
    expect(codeOf(() => messageContent("😀".repeat(1000)))).toBe("ok");
    expect(codeOf(() => messageContent("😀".repeat(1001)))).toBe(Code.InvalidArgument);
  });
  it("refuses NUL, which PostgreSQL text cannot store", () => expect(codeOf(() => messageContent("a\u0000b"))).toBe(Code.InvalidArgument));
});

describe("channel names", () => {
  it("take 3..64 letters, digits, space, underscore or dash", () => {
    expect(channelName(" Trade_Hub-2 ")).toBe("Trade_Hub-2");
    expect(codeOf(() => channelName("ab"))).toBe(Code.InvalidArgument);
    expect(codeOf(() => channelName("a".repeat(65)))).toBe(Code.InvalidArgument);
    expect(channelName("a".repeat(64))).toHaveLength(64);
    expect(codeOf(() => channelName("no/slash"))).toBe(Code.InvalidArgument);
  });
});

describe("ids", () => {
  it("are uuids, lower-cased", () => {
    expect(requireId("AAAAAAAA-0000-4000-8000-000000000000", "id")).toBe("aaaaaaaa-0000-4000-8000-000000000000");
    expect(codeOf(() => requireId("", "id"))).toBe(Code.InvalidArgument);
    expect(codeOf(() => requireId("1", "id"))).toBe(Code.InvalidArgument);
    // The same words as every other service's ids: the field, then the rule.
    expect(() => requireId("", "channel_id")).toThrow("[invalid_argument] channel_id: is required");
    expect(() => requireId("nope", "channel_id")).toThrow("[invalid_argument] channel_id: must be a UUID");
  });
});

describe("access", () => {
  const base: AccessFacts = {
    channel: { id: "ch1", public: true, dimensionId: null },
    character: { dimensionId: "d1" },
    authorized: false,
    sanctions: [],
    staff: false,
    nowMs: 1_000_000,
  };
  const facts = (over: Partial<AccessFacts>): AccessFacts => ({ ...base, ...over });

  it("public without dimension: anyone", () => expect(readDenial(base)).toBeUndefined());
  it("public with dimension: only that dimension", () => {
    expect(readDenial(facts({ channel: { id: "ch1", public: true, dimensionId: "d1" } }))).toBeUndefined();
    expect(readDenial(facts({ channel: { id: "ch1", public: true, dimensionId: "d2" } }))).toMatch(/may not use/);
  });
  it("private: only with an authorization row, in any dimension", () => {
    expect(readDenial(facts({ channel: { id: "ch1", public: false, dimensionId: null } }))).toMatch(/may not use/);
    expect(readDenial(facts({ channel: { id: "ch1", public: false, dimensionId: "d2" }, authorized: true }))).toBeUndefined();
  });
  it("staff act on any channel", () => expect(readDenial(facts({ channel: { id: "ch1", public: false, dimensionId: "d2" }, staff: true }))).toBeUndefined());
  const sanction = (over: Partial<SanctionFact>): SanctionFact => ({
    id: "s1",
    kind: "ban",
    scope: "channel",
    scopeId: "ch1",
    characterId: "c1",
    accountId: "a1",
    issuedAtMs: 0,
    expiresAtMs: null,
    reason: "spam",
    playerMessage: "",
    issuedById: "m1",
    issuedByName: "mod",
    ...over,
  });
  it("a permanent ban stops reading and sending, for staff too, with its reason", () => {
    const banned = facts({ sanctions: [sanction({ playerMessage: "calm down" })], staff: true });
    expect(readDenial(banned)).toBe("permission denied: this character is permanently banned from this channel. Reason: spam. Message: calm down");
    expect(sendDenial(banned)).toMatch(/permanently banned/);
    expect(readBlock(banned)?.sanction?.id).toBe("s1");
  });
  it("a temporary ban stops reading and sending, and says how long", () => {
    const banned = facts({ sanctions: [sanction({ expiresAtMs: base.nowMs + 90_500 })] });
    expect(readDenial(banned)).toMatch(/banned from this channel for another 1m 31s/);
    expect(sendDenial(banned)).toMatch(/for another 1m 31s \(until 1970-01-01T00:18:10\.500Z\)\. Reason: spam$/);
  });
  it("a mute stops sending only", () => {
    const muted = facts({ sanctions: [sanction({ kind: "mute", expiresAtMs: base.nowMs + 60_000 })] });
    expect(readDenial(muted)).toBeUndefined();
    expect(sendDenial(muted)).toMatch(/^permission denied: this character is muted in this channel for another 1m/);
  });
  it("an account-wide sanction says so", () =>
    expect(sendDenial(facts({ sanctions: [sanction({ characterId: null, scope: "everywhere", scopeId: null, kind: "mute" })] }))).toMatch(
      /this account is permanently muted everywhere/,
    ));
  it("an expired sanction is none", () => expect(sendDenial(facts({ sanctions: [sanction({ expiresAtMs: base.nowMs })] }))).toBeUndefined());
  it("scopes: the channel, the channel's dimension, everywhere", () => {
    const inDimension = { channel: { id: "ch1", public: true, dimensionId: "d1" } };
    expect(sendDenial(facts({ sanctions: [sanction({ scopeId: "ch2" })] }))).toBeUndefined();
    expect(sendDenial(facts({ ...inDimension, sanctions: [sanction({ scope: "dimension", scopeId: "d1" })] }))).toMatch(/in this dimension/);
    expect(sendDenial(facts({ ...inDimension, sanctions: [sanction({ scope: "dimension", scopeId: "d2" })] }))).toBeUndefined();
    // A channel of every dimension is no dimension's.
    expect(sendDenial(facts({ sanctions: [sanction({ scope: "dimension", scopeId: "d1" })] }))).toBeUndefined();
    expect(sendDenial(facts({ sanctions: [sanction({ scope: "everywhere", scopeId: null })] }))).toMatch(/everywhere/);
  });
  it("of several, the one that holds longest decides", () => {
    const list = [sanction({ id: "short", expiresAtMs: base.nowMs + 1_000 }), sanction({ id: "long", kind: "mute", expiresAtMs: base.nowMs + 9_000 })];
    expect(sendBlock(facts({ sanctions: list }))?.sanction?.id).toBe("long");
    // Reading: only bans count.
    expect(readBlock(facts({ sanctions: list }))?.sanction?.id).toBe("short");
  });
  it("direct messages: only sanctions everywhere; a mute stops sending, a ban reading too", () => {
    const mute = sanction({ kind: "mute", scope: "everywhere", scopeId: null });
    expect(directBlock([mute], base.nowMs, "send")?.sanction).toBe(mute);
    expect(directBlock([mute], base.nowMs, "read")).toBeUndefined();
    expect(directBlock([sanction({ scope: "everywhere", scopeId: null })], base.nowMs, "read")).toBeDefined();
    expect(directBlock([sanction({})], base.nowMs, "send")).toBeUndefined();
  });
});

describe("ban durations", () => {
  it("> 0 is seconds from now, < 0 permanent, 0 lifts", () => {
    expect(banFromDuration(60n, 1_000)).toEqual({ lift: false, expiresAtMs: 61_000 });
    expect(banFromDuration(-1n, 1_000)).toEqual({ lift: false, expiresAtMs: null });
    expect(banFromDuration(-999n, 1_000)).toEqual({ lift: false, expiresAtMs: null });
    expect(banFromDuration(0n, 1_000)).toEqual({ lift: true });
  });
  it("refuses absurd lengths instead of overflowing dates", () => expect(codeOf(() => banFromDuration(2n ** 62n, 0))).toBe(Code.InvalidArgument));
});

describe("log queries", () => {
  it("bounds are inclusive seconds", () => {
    expect(logQuery({ after: 10n, before: 20n })).toMatchObject({ fromMs: 10_000, toMs: 20_999, empty: false });
  });
  it("after = before is one second; after > before matches nothing", () => {
    expect(logQuery({ after: 10n, before: 10n }).empty).toBe(false);
    expect(logQuery({ after: 11n, before: 10n }).empty).toBe(true);
  });
  it("offset works without limit; pages are capped", () => {
    expect(logQuery({ offset: 5n })).toMatchObject({ offset: 5, limit: 1000 });
    expect(logQuery({ limit: 10_000n })).toMatchObject({ limit: 1000 });
    expect(logQuery({ limit: 0n })).toMatchObject({ limit: 0 });
  });
  it("an empty sender is no filter; a bad one is INVALID_ARGUMENT", () => {
    expect(logQuery({ senderId: "" }).senderId).toBeUndefined();
    expect(codeOf(() => logQuery({ senderId: "bob" }))).toBe(Code.InvalidArgument);
  });
});
