import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { banFromDuration, channelName, describeDuration, logQuery, messageContent, readDenial, requireId, sendDenial, type AccessFacts } from "./chat-rules.js";

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
  });
});

describe("access", () => {
  const base: AccessFacts = {
    channel: { public: true, dimensionId: null },
    character: { dimensionId: "d1" },
    authorized: false,
    ban: undefined,
    staff: false,
    nowMs: 1_000_000,
  };
  const facts = (over: Partial<AccessFacts>): AccessFacts => ({ ...base, ...over });

  it("public without dimension: anyone", () => expect(readDenial(base)).toBeUndefined());
  it("public with dimension: only that dimension", () => {
    expect(readDenial(facts({ channel: { public: true, dimensionId: "d1" } }))).toBeUndefined();
    expect(readDenial(facts({ channel: { public: true, dimensionId: "d2" } }))).toMatch(/may not use/);
  });
  it("private: only with an authorization row, in any dimension", () => {
    expect(readDenial(facts({ channel: { public: false, dimensionId: null } }))).toMatch(/may not use/);
    expect(readDenial(facts({ channel: { public: false, dimensionId: "d2" }, authorized: true }))).toBeUndefined();
  });
  it("staff act on any channel", () => expect(readDenial(facts({ channel: { public: false, dimensionId: "d2" }, staff: true }))).toBeUndefined());
  it("a permanent ban stops reading and sending, for staff too", () => {
    const banned = facts({ ban: { untilMs: null }, staff: true });
    expect(readDenial(banned)).toMatch(/permanently banned/);
    expect(sendDenial(banned)).toMatch(/permanently banned/);
  });
  it("a temporary ban stops sending only, and says how long", () => {
    const banned = facts({ ban: { untilMs: base.nowMs + 90_500 } });
    expect(readDenial(banned)).toBeUndefined();
    expect(sendDenial(banned)).toMatch(/for another 1m 31s/);
  });
  it("an expired ban is no ban", () => expect(sendDenial(facts({ ban: { untilMs: base.nowMs } }))).toBeUndefined());
});

describe("ban durations", () => {
  it("> 0 is seconds from now, < 0 permanent, 0 lifts", () => {
    expect(banFromDuration(60n, 1_000)).toEqual({ lift: false, ban: { untilMs: 61_000 } });
    expect(banFromDuration(-1n, 1_000)).toEqual({ lift: false, ban: { untilMs: null } });
    expect(banFromDuration(-999n, 1_000)).toEqual({ lift: false, ban: { untilMs: null } });
    expect(banFromDuration(0n, 1_000)).toEqual({ lift: true });
  });
  it("refuses absurd lengths instead of overflowing dates", () => expect(codeOf(() => banFromDuration(2n ** 62n, 0))).toBe(Code.InvalidArgument));
  it("read as days, hours, minutes, seconds", () => {
    expect(describeDuration(86_400_000 + 3_600_000 + 61_000)).toBe("1d 1h 1m 1s");
    expect(describeDuration(1)).toBe("1s");
    expect(describeDuration(3_600_000)).toBe("1h");
  });
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
