import { Code } from "@connectrpc/connect";
import { status } from "@grpc/grpc-js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertCharacter, insertDimension, insertMap, MISSING_ID, uniqueName } from "../test/game-fixtures.js";
import { grpcGameServer } from "../test/grpc-game-server.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { REMOVAL_CONFIRM_WINDOW_MS } from "./gameserver-rules.js";

/**
 * Removals (docs/game-servers.md "Removals"): a kick or a ban reaches the game server's WatchPlayerActions stream
 * (held here with @grpc/grpc-js, as a studio's server would), the server confirms, and staff read the latency. The
 * server's clock is the test's, so latencies are exact.
 */
describe.each(storageBackends)("player removals (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.now();
  let api: GameApi;
  let game: ReturnType<typeof grpcGameServer>;
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { GAMESERVER_MODE: "registry" }, now: () => clock });
    api = gameApi(t.url, "connect");
    game = grpcGameServer(t.url, t.users.gameserver.token);
  });
  afterAll(async () => {
    game?.close();
    await t?.close();
  });

  /** A fresh player whose character plays on a server the test game-server client registered. */
  async function playing() {
    const db = t.server.database.db;
    const player = await t.newPlayer(uniqueName("p").replace(/\W/g, ""));
    const mapName = uniqueName("Grid");
    const dimensionId = await insertDimension(db, [await insertMap(db, { name: mapName })]);
    const mapId = (await api.ok("GetDimension", { id: dimensionId }, t.users.admin.token)).mapIds[0];
    const { serverId } = await game.call<{ serverId: string }>("registry", "RegisterGameServer", { dimensionId, mapId, address: "10.3.0.1", port: 7100 });
    const characterId = await insertCharacter(db, player.sub, dimensionId, { location: { world: mapName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
    const joined = await api.ok("ConnectGameServer", { id: characterId }, player.token);
    await game.call("connections", "VerifyConnect", { connectionId: joined.connectionId, serverName: serverId });
    return { db, player, serverId, characterId };
  }
  const isPlaying = async (id: string) => (await api.ok("IsCharacterPlaying", { id }, t.users.admin.token)).online === true;

  it("kick → the server's stream → confirm → the moderator reads the latency", async () => {
    const p = await playing();
    const stream = game.watch(p.serverId);
    try {
      const kick = await api.ok("KickPlayer", { characterId: p.characterId, reason: "  AFK farming in the arena " }, t.users.moderator.token);
      expect(kick).toMatchObject({ characterId: p.characterId, serverId: p.serverId, serverAddress: "10.3.0.1:7100", kind: "PLAYER_ACTION_KIND_KICK" });
      expect(kick.state).toBe("PLAYER_REMOVAL_STATE_PENDING");
      const action = await stream.next();
      expect(action).toEqual({
        actionId: kick.id,
        characterId: p.characterId,
        kind: "PLAYER_ACTION_KIND_KICK",
        message: "AFK farming in the arena",
        requestedAtMs: String(clock),
      });
      expect(await isPlaying(p.characterId)).toBe(true);

      clock += 250;
      await game.call("control", "ConfirmPlayerRemoved", { serverId: p.serverId, actionId: action.actionId });
      const confirmed = await api.ok("GetPlayerRemoval", { id: kick.id }, t.users.moderator.token);
      expect(confirmed).toMatchObject({ state: "PLAYER_REMOVAL_STATE_CONFIRMED", latencyMs: "250", confirmedAtMs: String(clock) });
      expect(await isPlaying(p.characterId)).toBe(false);
      // A repeated confirmation changes nothing.
      clock += 1000;
      await game.call("control", "ConfirmPlayerRemoved", { serverId: p.serverId, actionId: action.actionId });
      expect((await api.ok("GetPlayerRemoval", { id: kick.id }, t.users.admin.token)).latencyMs).toBe("250");

      const audit = await p.db.select().from(auditRecords).where(eq(auditRecords.targetId, p.characterId));
      expect(audit.map((r) => [r.action, r.actorId])).toEqual(
        expect.arrayContaining([
          ["game-session.remove", t.users.moderator.sub],
          ["game-session.removed", t.users.gameserver.sub],
        ]),
      );
    } finally {
      stream.cancel();
    }
  });

  it("a stream that opens late gets the removals still waiting; one never confirmed reads UNCONFIRMED", async () => {
    const p = await playing();
    const kick = await api.ok("KickPlayer", { characterId: p.characterId, reason: "toxic" }, t.users.admin.token);
    clock += REMOVAL_CONFIRM_WINDOW_MS + 1;
    expect((await api.ok("GetPlayerRemoval", { id: kick.id }, t.users.moderator.token)).state).toBe("PLAYER_REMOVAL_STATE_UNCONFIRMED");
    const stream = game.watch(p.serverId);
    try {
      expect((await stream.next()).actionId).toBe(kick.id);
    } finally {
      stream.cancel();
    }
    await game.call("control", "ConfirmPlayerRemoved", { serverId: p.serverId, actionId: kick.id });
    expect(await api.ok("GetPlayerRemoval", { id: kick.id }, t.users.moderator.token)).toMatchObject({
      state: "PLAYER_REMOVAL_STATE_CONFIRMED",
      latencyMs: String(REMOVAL_CONFIRM_WINDOW_MS + 1),
    });
  });

  it("an account ban ends the account's session; the sanction's removals tell the admin how long it took", async () => {
    const p = await playing();
    const stream = game.watch(p.serverId);
    try {
      const ban = await api.ok(
        "IssueSanction",
        {
          kind: "SANCTION_KIND_BAN",
          scope: "SANCTION_SCOPE_EVERYWHERE",
          accountId: p.player.sub,
          // A year: a permanent one waits for another admin's approval (docs/moderation.md "Approvals").
          durationSeconds: "31536000",
          reason: "cheating",
          playerMessage: "Banned: aimbot",
        },
        t.users.admin.token,
      );
      const action = await stream.next();
      expect(action).toMatchObject({ characterId: p.characterId, kind: "PLAYER_ACTION_KIND_BAN", message: "Banned: aimbot" });
      clock += 40;
      await game.call("control", "ConfirmPlayerRemoved", { serverId: p.serverId, actionId: action.actionId });
      const { removals } = await api.ok("ListPlayerRemovals", { sanctionId: ban.id }, t.users.admin.token);
      expect(removals).toEqual([
        expect.objectContaining({ id: action.actionId, sanctionId: ban.id, state: "PLAYER_REMOVAL_STATE_CONFIRMED", latencyMs: "40" }),
      ]);
      expect(await isPlaying(p.characterId)).toBe(false);
      const [audit] = await p.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.action, "game-session.remove"), eq(auditRecords.targetId, p.characterId)));
      expect(audit?.actorId).toBe(t.users.admin.sub);
    } finally {
      stream.cancel();
    }
  });

  it("a moderator's ban of scope GAME removes the character; a chat ban everywhere does not", async () => {
    const p = await playing();
    const stream = game.watch(p.serverId);
    try {
      const chatBan = { kind: "SANCTION_KIND_BAN", scope: "SANCTION_SCOPE_EVERYWHERE", characterId: p.characterId, durationSeconds: "60", reason: "spam" };
      const chat = await api.ok("IssueSanction", chatBan, t.users.moderator.token);
      expect((await api.ok("ListPlayerRemovals", { sanctionId: chat.id }, t.users.moderator.token)).removals ?? []).toEqual([]);
      const gameBan = await api.ok("IssueSanction", { ...chatBan, scope: "SANCTION_SCOPE_GAME", reason: "griefing" }, t.users.moderator.token);
      expect(gameBan).toMatchObject({ scope: "SANCTION_SCOPE_GAME" });
      const action = await stream.next();
      expect(action).toMatchObject({ characterId: p.characterId, kind: "PLAYER_ACTION_KIND_BAN", message: "You are banned from the game." });
      expect((await api.ok("ListPlayerRemovals", { characterId: p.characterId }, t.users.moderator.token)).removals[0]).toMatchObject({
        sanctionId: gameBan.id,
      });
      // Back in the lobby, the player cannot join again while the ban holds; chat is untouched.
      const rejoin = await api.call("ConnectGameServer", { id: p.characterId }, p.player.token);
      expectRejected(rejoin, Code.PermissionDenied);
      expect(rejoin.message).toMatch(/^permission denied: this character is banned from the game for another 1m .*Reason: griefing$/);
      await api.ok("RevokeSanction", { id: gameBan.id, reason: "appeal" }, t.users.moderator.token);
      await api.ok("RevokeSanction", { id: chat.id, reason: "appeal" }, t.users.moderator.token);
      expect((await api.ok("ConnectGameServer", { id: p.characterId }, p.player.token)).connectionId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      stream.cancel();
    }
    const mute = { kind: "SANCTION_KIND_MUTE", scope: "SANCTION_SCOPE_GAME", characterId: p.characterId, durationSeconds: "60", reason: "x" };
    expectRejected(await api.call("IssueSanction", mute, t.users.moderator.token), Code.InvalidArgument, "kind");
    expectRejected(
      await api.call("IssueSanction", { ...mute, kind: "SANCTION_KIND_BAN", scopeId: MISSING_ID }, t.users.moderator.token),
      Code.InvalidArgument,
      "scope_id",
    );
  });

  it("bad input is refused and changes nothing", async () => {
    const p = await playing();
    const mod = t.users.moderator.token;
    expectRejected(await api.call("KickPlayer", { characterId: p.characterId, reason: "   " }, mod), Code.InvalidArgument, "reason");
    expectRejected(await api.call("KickPlayer", { characterId: p.characterId, reason: "x".repeat(501) }, mod), Code.InvalidArgument, "reason");
    expectRejected(await api.call("KickPlayer", { characterId: "nope", reason: "r" }, mod), Code.InvalidArgument, "character_id");
    expectRejected(await api.call("KickPlayer", { characterId: MISSING_ID, reason: "r" }, mod), Code.FailedPrecondition, "character_id");
    expect((await api.ok("ListPlayerRemovals", { characterId: p.characterId }, mod)).removals ?? []).toEqual([]);
    expectRejected(await api.call("ListPlayerRemovals", {}, mod), Code.InvalidArgument, "sanction_id");
    expectRejected(await api.call("GetPlayerRemoval", { id: MISSING_ID }, mod), Code.NotFound);

    const kick = await api.ok("KickPlayer", { characterId: p.characterId, reason: "r" }, mod);
    const other = await playing();
    await expect(game.call("control", "ConfirmPlayerRemoved", { serverId: other.serverId, actionId: kick.id })).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: "action_id: no such action for this game server",
    });
    await expect(game.call("control", "ConfirmPlayerRemoved", { serverId: MISSING_ID, actionId: kick.id })).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect((await api.ok("GetPlayerRemoval", { id: kick.id }, mod)).state).toBe("PLAYER_REMOVAL_STATE_PENDING");

    // Another studio's client neither hears nor confirms this server's removals.
    const stranger = grpcGameServer(t.url, await t.issuer.mint({ sub: "another-studio", realm_access: { roles: ["gameserver"] } }));
    try {
      await expect(stranger.watch(p.serverId).next()).rejects.toMatchObject({
        code: status.PERMISSION_DENIED,
        details: expect.stringContaining("another client"),
      });
      await expect(stranger.call("control", "ConfirmPlayerRemoved", { serverId: p.serverId, actionId: kick.id })).rejects.toMatchObject({
        code: status.PERMISSION_DENIED,
      });
    } finally {
      stranger.close();
    }
  });
});
