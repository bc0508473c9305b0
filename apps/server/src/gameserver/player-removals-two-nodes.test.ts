import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameApi } from "../test/game-api.js";
import { insertCharacter, insertDimension, insertMap, uniqueName } from "../test/game-fixtures.js";
import { grpcGameServer } from "../test/grpc-game-server.js";
import { startTwoNodes, twoNodesAvailable, type TwoNodes } from "../test/two-nodes.js";

/**
 * A removal made on node A reaches the game server's stream held on node B (one PostgreSQL, one NATS), and B's
 * confirmation is what A's moderator reads. Runs when NATS_URL and DATABASE_URL are set.
 */
describe.skipIf(!twoNodesAvailable)("player removals across two nodes (NATS + PostgreSQL)", () => {
  let nodes: TwoNodes;
  let gameOnB: ReturnType<typeof grpcGameServer>;
  beforeAll(async () => {
    nodes = await startTwoNodes(undefined, { GAMESERVER_MODE: "registry" });
    gameOnB = grpcGameServer(nodes.b.url, nodes.b.users.gameserver.token);
  });
  afterAll(async () => {
    gameOnB?.close();
    await nodes?.close();
  });

  /** A character of A's player, joined through A onto a server registered and verified through B. */
  async function playingViaB() {
    const { a } = nodes;
    const apiA = gameApi(a.url, "connect");
    const db = a.server.database.db;
    const mapName = uniqueName("Grid");
    const mapId = await insertMap(db, { name: mapName });
    const dimensionId = await insertDimension(db, [mapId]);
    const { serverId } = await gameOnB.call<{ serverId: string }>("registry", "RegisterGameServer", { dimensionId, mapId, address: "10.4.0.1", port: 7200 });
    const player = await a.newPlayer(uniqueName("p").replace(/\W/g, ""));
    const characterId = await insertCharacter(db, player.sub, dimensionId, { location: { world: mapName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
    const joined = await apiA.ok("ConnectGameServer", { id: characterId }, player.token);
    await gameOnB.call("connections", "VerifyConnect", { connectionId: joined.connectionId, serverName: serverId });
    return { apiA, serverId, characterId, player };
  }

  it("a kick on A reaches the stream on B; B's confirmation is A's latency", async () => {
    const p = await playingViaB();
    const stream = gameOnB.watch(p.serverId);
    try {
      // The stream is open on B once it replays an earlier removal; the kick after it must travel over NATS.
      const first = await p.apiA.ok("KickPlayer", { characterId: p.characterId, reason: "warm-up" }, nodes.a.users.moderator.token);
      expect((await stream.next()).actionId).toBe(first.id);
      const kick = await p.apiA.ok("KickPlayer", { characterId: p.characterId, reason: "AFK" }, nodes.a.users.moderator.token);
      const action = await stream.next();
      expect(action).toMatchObject({ actionId: kick.id, kind: "PLAYER_ACTION_KIND_KICK", message: "AFK" });
      await gameOnB.call("control", "ConfirmPlayerRemoved", { serverId: p.serverId, actionId: action.actionId });
      const confirmed = await p.apiA.ok("GetPlayerRemoval", { id: kick.id }, nodes.a.users.moderator.token);
      expect(confirmed).toMatchObject({ state: "PLAYER_REMOVAL_STATE_CONFIRMED", serverAddress: "10.4.0.1:7200" });
      expect(Number(confirmed.latencyMs)).toBeGreaterThanOrEqual(0);
      expect(Number(confirmed.latencyMs)).toBeLessThan(5_000);
      expect((await p.apiA.ok("IsCharacterPlaying", { id: p.characterId }, nodes.a.users.admin.token)).online ?? false).toBe(false);
    } finally {
      stream.cancel();
    }
  });

  it("an account ban on A ends the session held on B", async () => {
    const p = await playingViaB();
    const stream = gameOnB.watch(p.serverId);
    try {
      const warmUp = await p.apiA.ok("KickPlayer", { characterId: p.characterId, reason: "warm-up" }, nodes.a.users.moderator.token);
      expect((await stream.next()).actionId).toBe(warmUp.id);
      const ban = await p.apiA.ok(
        "IssueSanction",
        { kind: "SANCTION_KIND_BAN", scope: "SANCTION_SCOPE_EVERYWHERE", accountId: p.player.sub, durationSeconds: "600", reason: "cheating" },
        nodes.a.users.admin.token,
      );
      const action = await stream.next();
      expect(action).toMatchObject({ characterId: p.characterId, kind: "PLAYER_ACTION_KIND_BAN" });
      await gameOnB.call("control", "ConfirmPlayerRemoved", { serverId: p.serverId, actionId: action.actionId });
      const { removals } = await p.apiA.ok("ListPlayerRemovals", { sanctionId: ban.id }, nodes.a.users.admin.token);
      expect(removals).toEqual([expect.objectContaining({ id: action.actionId, state: "PLAYER_REMOVAL_STATE_CONFIRMED" })]);
    } finally {
      stream.cancel();
    }
  });
});
