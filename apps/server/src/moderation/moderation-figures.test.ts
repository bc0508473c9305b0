import { randomUUID } from "node:crypto";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatHeldMessages } from "../chat/schema.js";
import { FiguresWindow } from "../gen/sro/moderation/operations_pb.js";
import { gameApi } from "../test/game-api.js";
import { operationsClient } from "../test/operations-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { sanctionAppeals } from "./appeal-schema.js";
import { chatReports } from "./report-schema.js";
import { sanctions } from "./schema.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const WINDOWS = [FiguresWindow.HOUR, FiguresWindow.DAY, FiguresWindow.WEEK, FiguresWindow.MONTH] as const;

/**
 * GetModerationFigures through the real server (docs/moderation.md "Operations wall"): rows seeded straight into the
 * tables at known times before an injected clock, so each window takes exactly the rows it should. No sleeps.
 */
describe.each(storageBackends)("moderation figures (%s)", (backend) => {
  let t: TestServer;
  const clock = Date.UTC(2026, 5, 1, 12);
  const db = () => t.server.database.db;
  const ago = (ms: number) => new Date(clock - ms);
  const figuresOf = (window: FiguresWindow) => operationsClient(t.url, t.users.moderator.token).getModerationFigures({ window });
  // Percentiles are interpolated in floating point: compared to the millisecond's thousandth.
  const wait = (count: number, p50Ms: number, p90Ms?: number) => ({
    count,
    p50Ms: expect.closeTo(p50Ms, 3) as number,
    ...(p90Ms === undefined ? {} : { p90Ms: expect.closeTo(p90Ms, 3) as number }),
  });

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
  });
  afterAll(() => t?.close());

  it("answers zero counts and no percentile in every window while nothing was acted on", async () => {
    for (const window of WINDOWS) {
      const f = await figuresOf(window);
      expect(f).toMatchObject({
        timeMs: BigInt(clock),
        window,
        sanctionedAccounts: 0,
        repeatAccounts: 0,
        appealsUpheld: 0,
        appealsShortened: 0,
        appealsRevoked: 0,
      });
      for (const queue of [f.reports, f.heldMessages, f.appeals]) expect([queue?.count, queue?.p50Ms, queue?.p90Ms]).toEqual([0, undefined, undefined]);
    }
  });

  it("refuses a window that is not one of the four, naming the field", async () => {
    for (const window of [FiguresWindow.UNSPECIFIED, 99 as FiguresWindow]) {
      const err = await figuresOf(window).catch((e: unknown) => ConnectError.from(e));
      expect(err).toBeInstanceOf(ConnectError);
      expect((err as ConnectError).code).toBe(Code.InvalidArgument);
      expect((err as ConnectError).rawMessage).toMatch(/^window: /);
    }
  });

  it("times reports from their round's first report to the resolution, per window, with interpolated percentiles", async () => {
    const round = async (resolvedAgoMs: number, waitsMs: number[], messageId = Math.floor(Math.random() * 1e12)) => {
      for (const w of waitsMs) {
        await db()
          .insert(chatReports)
          .values({
            id: randomUUID(),
            messageId,
            reporterCharacterId: randomUUID(),
            reporterAccountId: "reporter",
            reason: "spam",
            messageContent: "x",
            createdAt: ago(resolvedAgoMs + w),
            outcome: "dismissed",
            resolvedAt: ago(resolvedAgoMs),
          });
      }
      return messageId;
    };
    // Within the hour: waits of 1..4 min (the second round's first report 2 min before; the later one does not count).
    await round(10 * MIN, [1 * MIN]);
    await round(10 * MIN, [2 * MIN, 30_000]);
    await round(10 * MIN, [3 * MIN]);
    const again = await round(10 * MIN, [4 * MIN]);
    // The same message dismissed 3 days ago after a 60-min wait: a round of its own.
    await round(3 * DAY, [60 * MIN], again);
    // Still open: no figure.
    await db()
      .insert(chatReports)
      .values({
        id: randomUUID(),
        messageId: 1,
        reporterCharacterId: randomUUID(),
        reporterAccountId: "r",
        reason: "spam",
        messageContent: "x",
        createdAt: ago(5 * MIN),
      });

    expect((await figuresOf(FiguresWindow.HOUR)).reports).toMatchObject(wait(4, 2.5 * MIN, 3.7 * MIN));
    expect((await figuresOf(FiguresWindow.DAY)).reports).toMatchObject(wait(4, 2.5 * MIN, 3.7 * MIN));
    expect((await figuresOf(FiguresWindow.WEEK)).reports).toMatchObject(wait(5, 3 * MIN, 37.6 * MIN));
  });

  it("times held messages from held to reviewed, allowed and denied alike, not those still waiting", async () => {
    const held = (state: "held" | "allowed" | "denied", sentAgoMs: number, reviewedAgoMs: number | null) =>
      db()
        .insert(chatHeldMessages)
        .values({
          id: randomUUID(),
          channelId: randomUUID(),
          senderCharacterId: randomUUID(),
          content: state,
          rule: "x",
          state,
          sentAt: ago(sentAgoMs),
          reviewedAt: reviewedAgoMs === null ? null : ago(reviewedAgoMs),
        });
    await held("allowed", 12 * MIN, 2 * MIN);
    await held("denied", 30 * HOUR, 26 * HOUR);
    await held("held", 50 * MIN, null);
    expect((await figuresOf(FiguresWindow.HOUR)).heldMessages).toMatchObject(wait(1, 10 * MIN, 10 * MIN));
    expect((await figuresOf(FiguresWindow.DAY)).heldMessages).toMatchObject(wait(1, 10 * MIN, 10 * MIN));
    expect((await figuresOf(FiguresWindow.WEEK)).heldMessages).toMatchObject(wait(2, 2 * HOUR + 5 * MIN, 3 * HOUR + 37 * MIN));
  });

  it("counts appeals decided in the window by outcome, with their turnaround", async () => {
    const appeal = (decision: "upheld" | "shortened" | "revoked" | null, filedAgoMs: number, decidedAgoMs: number) =>
      db()
        .insert(sanctionAppeals)
        .values({
          id: randomUUID(),
          sanctionId: randomUUID(),
          accountId: "appellant",
          reason: "other",
          text: "Please",
          filedAt: ago(filedAgoMs),
          decision,
          decidedAt: decision ? ago(decidedAgoMs) : null,
        });
    await appeal("upheld", 2 * HOUR, 30 * MIN);
    await appeal("shortened", 10 * DAY, 6 * DAY);
    await appeal("revoked", 20 * DAY, 18 * DAY);
    await appeal("upheld", 45 * DAY, 40 * DAY);
    await appeal(null, 3 * DAY, 0);

    const hour = await figuresOf(FiguresWindow.HOUR);
    expect(hour.appeals).toMatchObject(wait(1, 90 * MIN, 90 * MIN));
    expect([hour.appealsUpheld, hour.appealsShortened, hour.appealsRevoked]).toEqual([1, 0, 0]);
    const week = await figuresOf(FiguresWindow.WEEK);
    expect(week.appeals).toMatchObject(wait(2, (1.5 * HOUR + 4 * DAY) / 2));
    expect([week.appealsUpheld, week.appealsShortened, week.appealsRevoked]).toEqual([1, 1, 0]);
    const month = await figuresOf(FiguresWindow.MONTH);
    expect(month.appeals).toMatchObject(wait(3, 2 * DAY));
    expect([month.appealsUpheld, month.appealsShortened, month.appealsRevoked]).toEqual([1, 1, 1]);
  });

  it("counts accounts sanctioned in the window and those sanctioned again within 30 days of an earlier sanction", async () => {
    const sanction = async (accountId: string, issuedAgoMs: number) => {
      const id = randomUUID();
      await db()
        .insert(sanctions)
        .values({ id, kind: "mute", scope: "everywhere", accountId, issuedAt: ago(issuedAgoMs), reason: "x", issuedById: "m", issuedByName: "m" });
      return id;
    };
    await sanction("first-time", 20 * MIN); // one sanction only
    await sanction("repeat", 40 * DAY); // earlier one outside the month window
    await sanction("repeat", 25 * DAY); // within 30 days of the one 40 days ago
    await sanction("repeat", 30 * MIN); // within 30 days of the one 25 days ago
    await sanction("long-gap", 50 * DAY);
    await sanction("long-gap", 2 * DAY); // 48 days later: not a repeat
    // Revoked on appeal: not an offence, neither as the earlier one nor as the new one.
    const overturned = await sanction("overturned", 3 * DAY);
    await sanction("overturned", 2 * HOUR);
    await db()
      .insert(sanctionAppeals)
      .values({
        id: randomUUID(),
        sanctionId: overturned,
        accountId: "overturned",
        reason: "not-me",
        text: "x",
        filedAt: ago(70 * DAY),
        decision: "revoked",
        decidedAt: ago(60 * DAY),
      });

    const figures = async (window: FiguresWindow) => {
      const f = await figuresOf(window);
      return [f.sanctionedAccounts, f.repeatAccounts];
    };
    expect(await figures(FiguresWindow.HOUR)).toEqual([2, 1]);
    expect(await figures(FiguresWindow.DAY)).toEqual([3, 1]);
    expect(await figures(FiguresWindow.WEEK)).toEqual([4, 1]);
    expect(await figures(FiguresWindow.MONTH)).toEqual([4, 1]);
  });

  it("answers over REST with the window in the query string", async () => {
    const api = gameApi(t.url, "rest");
    const body = (await api.ok("GetModerationFigures", { window: "FIGURES_WINDOW_DAY" }, t.users.admin.token)) as { window: string };
    expect(body.window).toBe("FIGURES_WINDOW_DAY");
  });
});
