import { randomUUID } from "node:crypto";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameServerControlService } from "../gen/sro/gameserver/control_pb.js";
import { bearer } from "../test/bearer.js";
import { insertCharacter, insertDimension, insertGameServer, insertMap, MISSING_ID } from "../test/game-fixtures.js";
import { callerKinds, describePermissionMatrix, rows, type CallerKind, type MatrixFixture, type PermissionCase } from "../test/permission-matrix.js";
import { startTestServer, type TestServer, type TestUser } from "../test/test-server.js";
import { gameSessions, playerRemovals } from "./schema.js";

/** GameServerControlService × every kind of caller, in registry mode (docs/permissions.md). */
const U = Code.Unauthenticated;
const D = Code.PermissionDenied;
const staffWrite = { anonymous: U, owner: D, nonOwner: D, moderator: "ok", admin: "ok", banned: D, gameserver: D } as const;

/** A character of `owner` playing on a server the test game-server client registered, with an unconfirmed kick. */
async function kicked(f: Pick<MatrixFixture, "db" | "t" | "dimension" | "map">, owner: TestUser) {
  const serverId = await insertGameServer(f.db, f.dimension, f.map, { registeredBy: f.t.users.gameserver.sub });
  const characterId = await insertCharacter(f.db, owner.sub, f.dimension);
  await f.db.insert(gameSessions).values({ characterId, ownerId: owner.sub, serverId, startedAt: new Date() });
  const id = randomUUID();
  await f.db.insert(playerRemovals).values({ id, characterId, serverId, serverAddress: "10.0.0.1:7777", kind: "kick", message: "m", requestedAt: new Date() });
  return { serverId, characterId, id };
}

const cases: PermissionCase[] = [
  {
    rpc: "KickPlayer",
    request: async (f, owner) => ({ characterId: (await kicked(f, owner)).characterId, reason: "afk" }),
    missing: () => ({ characterId: MISSING_ID, reason: "afk" }),
    expected: staffWrite,
  },
  {
    rpc: "ConfirmPlayerRemoved",
    request: async (f, owner) => {
      const { serverId, id } = await kicked(f, owner);
      return { serverId, actionId: id };
    },
    missing: () => ({ serverId: MISSING_ID, actionId: MISSING_ID }),
    expected: rows.gameServerWrite,
  },
  {
    rpc: "GetPlayerRemoval",
    request: async (f, owner) => ({ id: (await kicked(f, owner)).id }),
    missing: () => ({ id: MISSING_ID }),
    expected: rows.staffRead,
  },
  {
    rpc: "ListPlayerRemovals",
    request: async (f, owner) => ({ characterId: (await kicked(f, owner)).characterId }),
    missing: () => ({ characterId: MISSING_ID }),
    expected: rows.staffRead,
  },
  { rpc: "ListOnlinePlayers", request: (f) => ({ dimensionId: f.dimension }), expected: rows.staffRead },
];

describePermissionMatrix("game-server control permissions", cases, { GAMESERVER_MODE: "registry" });

describe("WatchPlayerActions permissions (a server stream: the first removal, or the refusal)", () => {
  let t: TestServer;
  const f = {} as MatrixFixture;
  beforeAll(async () => {
    t = await startTestServer({ env: { GAMESERVER_MODE: "registry" } });
    Object.assign(f, { t, db: t.server.database.db });
    f.map = await insertMap(f.db);
    f.dimension = await insertDimension(f.db, [f.map]);
  });
  afterAll(() => t?.close());

  const first = async (serverId: string, caller?: TestUser) => {
    const transport = createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: caller ? [bearer(caller.token)] : [] });
    const abort = new AbortController();
    try {
      for await (const action of createClient(GameServerControlService, transport).watchPlayerActions({ serverId }, { signal: abort.signal })) {
        return action.actionId === "" ? "empty" : "ok";
      }
      return "ended";
    } catch (error) {
      return Code[ConnectError.from(error).code];
    } finally {
      abort.abort();
    }
  };

  it("game servers and admins only", async () => {
    const callers: Record<CallerKind, TestUser | undefined> = {
      anonymous: undefined,
      owner: t.users.player,
      nonOwner: t.users.otherPlayer,
      moderator: t.users.moderator,
      admin: t.users.admin,
      banned: t.users.banned,
      gameserver: t.users.gameserver,
    };
    const actual: Record<string, string> = {};
    for (const kind of callerKinds) actual[kind] = await first((await kicked(f, t.users.player)).serverId, callers[kind]);
    expect(actual).toEqual({
      anonymous: "Unauthenticated",
      owner: "PermissionDenied",
      nonOwner: "PermissionDenied",
      moderator: "PermissionDenied",
      admin: "ok",
      banned: "PermissionDenied",
      gameserver: "ok",
    });
    expect(await first(MISSING_ID, t.users.moderator)).toBe("PermissionDenied");
    expect(await first(MISSING_ID, t.users.gameserver)).toBe("NotFound");
  });

  it("over REST as NDJSON lines", async () => {
    const { serverId, id } = await kicked(f, t.users.player);
    const abort = new AbortController();
    const res = await fetch(`${t.url}/v1/gameservers/id/${serverId}/actions`, {
      headers: { authorization: `Bearer ${t.users.gameserver.token}` },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    let text = "";
    while (!text.includes("\n")) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    expect(res.status).toBe(200);
    expect(JSON.parse(text.split("\n")[0]!)).toEqual({ result: expect.objectContaining({ actionId: id, kind: "PLAYER_ACTION_KIND_KICK" }) });
  });
});
