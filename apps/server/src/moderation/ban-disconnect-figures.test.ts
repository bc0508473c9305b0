import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createInProcessBus } from "../platform/bus/in-process-bus.js";
import type { ClusterEvent } from "../cluster-events.js";
import { openAccountBanGate } from "../compose.js";
import { FiguresWindow } from "../gen/sro/moderation/operations_pb.js";
import { createLogger } from "../platform/logger.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { operationsClient } from "../test/operations-fixtures.js";
import { Code, kinds, sanctionClient, sanctionDetail, scopes } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { sanctionDisconnects } from "./disconnect-schema.js";
import type { SanctionFact } from "./sanction-message.js";

/**
 * Ban to disconnect through the real server (docs/moderation.md "Operations wall"): an account ban of an online
 * player is recorded once its last stream ended and counted in the figures; one of an offline player is not. The
 * clock is injected and stands still, so the recorded time is the issue's own (0 ms).
 */
describe.each(storageBackends)("ban to disconnect on the wall (%s)", (backend) => {
  let t: TestServer;
  const clock = Date.UTC(2026, 5, 1, 12);
  const db = () => t.server.database.db;
  const accountBan = (accountId: string) => ({ kind: kinds.ban, scope: scopes.everywhere, accountId, durationSeconds: 3600n, reason: "Cheating" });

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
  });
  afterAll(() => t?.close());

  it("counts an online player's ban once all its streams ended, and leaves out an offline player's", async () => {
    const admin = sanctionClient(t.url, t.users.admin.token);
    const adminChat = chatClient(t.url, t.users.admin.token);
    const dim = await insertDimension(db());
    const speaker = await insertCharacter(db(), t.users.admin.sub, dim);
    const channel = await insertChannel(db(), { public: true });
    const online = await t.newPlayer("online-player");
    const me = await insertCharacter(db(), online.sub, dim);
    const player = chatClient(t.url, online.token);
    const streams = [
      new StreamReader(player.connectChatChannel({ channelId: channel, characterId: me, history: true })),
      new StreamReader(player.connectChatChannel({ channelId: channel, characterId: me, history: true })),
    ];
    await adminChat.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "hello" } });
    await Promise.all(streams.map((s) => s.waitFor(1)));
    const offline = await t.newPlayer("offline-player");
    await insertCharacter(db(), offline.sub, dim);

    const ban = await admin.issueSanction(accountBan(online.sub));
    await admin.issueSanction(accountBan(offline.sub));
    for (const ended of await Promise.all(streams.map((s) => s.ended))) {
      expect(ended?.code).toBe(Code.PermissionDenied);
      expect(sanctionDetail(ended!)?.id).toBe(ban.id);
    }
    await vi.waitFor(async () => expect(await db().select().from(sanctionDisconnects)).toHaveLength(1));
    const [row] = await db().select().from(sanctionDisconnects);
    expect([row?.sanctionId, row?.issuedAt.getTime(), row?.lastStreamEndedAt.getTime()]).toEqual([ban.id, clock, clock]);
    const figures = await operationsClient(t.url, t.users.moderator.token).getModerationFigures({ window: FiguresWindow.HOUR });
    expect([figures.banDisconnects, figures.banDisconnectP50Ms, figures.banDisconnectP99Ms]).toEqual([1, 0, 0]);
  });

  it("answers no ban-to-disconnect percentile for a window without such bans", async () => {
    await db().delete(sanctionDisconnects);
    const figures = await operationsClient(t.url, t.users.moderator.token).getModerationFigures({ window: FiguresWindow.DAY });
    expect([figures.banDisconnects, figures.banDisconnectP50Ms, figures.banDisconnectP99Ms]).toEqual([0, undefined, undefined]);
  });

  it("a node ends a banned account's streams on the ban's event itself, once its gate holds the ban", async () => {
    const bus = createInProcessBus<ClusterEvent>(() => {});
    const ended: [string, number, boolean][] = [];
    const gate = await openAccountBanGate(
      t.server.database,
      bus,
      createLogger("silent"),
      () => clock,
      (userId, atMs) => ended.push([userId, atMs, gate.refusal(userId) !== undefined]),
    );
    const ban: SanctionFact = {
      ...{ id: "00000000-0000-4000-8000-000000000001", kind: "ban", scope: "everywhere", scopeId: null, characterId: null, accountId: "u1" },
      ...{ issuedAtMs: clock, expiresAtMs: clock + 60_000, reason: "Cheating", playerMessage: "", issuedById: "a", issuedByName: "a" },
    };
    // A change that ends nothing (a shortened ban) is not handed on; a tightening one is, with its revocation moment.
    await bus.publish({ kind: "user", id: "u1" }, { type: "account-bans", bans: [ban] });
    await bus.publish({ kind: "user", id: "u1" }, { type: "account-bans", bans: [ban], endStreams: { sanctionId: ban.id, issuedAtMs: clock, atMs: 77 } });
    await vi.waitFor(() => expect(ended).toEqual([["u1", 77, true]]));
    await bus.close();
  });
});
