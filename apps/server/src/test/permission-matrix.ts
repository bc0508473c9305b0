import type { JsonObject } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../platform/db/database.js";
import { apiTransports, gameApi, type GameApi } from "./game-api.js";
import { insertDimension, insertMap } from "./game-fixtures.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "./test-server.js";

/**
 * The permission table as tests (docs/permissions.md): every rpc × every kind of caller, asserting the
 * exact status code. "owner" is a player acting on their own target; "nonOwner" another player acting on it;
 * "banned" a /Banned user acting on their own target. Denials must not reveal whether the target exists: each
 * denied call is repeated against a missing target and must get the same code and message.
 */

export const callerKinds = ["anonymous", "owner", "nonOwner", "moderator", "admin", "banned", "gameserver"] as const;
export type CallerKind = (typeof callerKinds)[number];
export type Expected = "ok" | Code;

export interface MatrixFixture {
  db: Db;
  t: TestServer;
  /** A live dimension holding `map`, shared by cases that only need something to point at. */
  dimension: string;
  map: string;
}

export interface PermissionCase {
  rpc: string;
  /** A request aimed at a fresh target owned by `owner`. */
  request(f: MatrixFixture, owner: TestUser): Promise<JsonObject> | JsonObject;
  /** The same request aimed at a target that does not exist; leave out for rpcs without a target. */
  missing?(f: MatrixFixture): JsonObject;
  expected: Readonly<Record<CallerKind, Expected>>;
}

const U = Code.Unauthenticated;
const D = Code.PermissionDenied;

/** Shorthands for the common rows. */
export const rows = {
  staffRead: { anonymous: U, owner: D, nonOwner: D, moderator: "ok", admin: "ok", banned: D, gameserver: D },
  signedInRead: { anonymous: U, owner: "ok", nonOwner: "ok", moderator: "ok", admin: "ok", banned: D, gameserver: D },
  adminOnly: { anonymous: U, owner: D, nonOwner: D, moderator: D, admin: "ok", banned: D, gameserver: D },
  gameServerWrite: { anonymous: U, owner: D, nonOwner: D, moderator: D, admin: "ok", banned: D, gameserver: "ok" },
} as const satisfies Record<string, Record<CallerKind, Expected>>;

const label = (expected: Expected) => (expected === "ok" ? "ok" : Code[expected]);

export function describePermissionMatrix(title: string, cases: PermissionCase[], env: Record<string, string> = {}): void {
  describe.each(storageBackends)(`${title} (%s)`, (backend) => {
    const f = {} as MatrixFixture;
    beforeAll(async () => {
      f.t = await startTestServer({ backend, env });
      f.db = f.t.server.database.db;
      f.map = await insertMap(f.db);
      f.dimension = await insertDimension(f.db, [f.map]);
    });
    afterAll(() => f.t?.close());

    describe.each(apiTransports)("over %s", (transport) => {
      let api: GameApi;
      beforeAll(() => {
        api = gameApi(f.t.url, transport);
      });

      it.each(cases.map((c) => [c.rpc, c] as const))("%s", async (_, c) => {
        const { users } = f.t;
        const actors: Record<CallerKind, { caller?: TestUser; owner: TestUser }> = {
          anonymous: { owner: users.player },
          owner: { caller: users.player, owner: users.player },
          nonOwner: { caller: users.otherPlayer, owner: users.player },
          moderator: { caller: users.moderator, owner: users.player },
          admin: { caller: users.admin, owner: users.player },
          banned: { caller: users.banned, owner: users.banned },
          gameserver: { caller: users.gameserver, owner: users.player },
        };
        const actual: Record<string, string> = {};
        const leaks: string[] = [];
        for (const kind of callerKinds) {
          const { caller, owner } = actors[kind];
          const outcome = await api.call(c.rpc, await c.request(f, owner), caller?.token);
          actual[kind] = outcome.code === "ok" ? "ok" : Code[outcome.code];
          if (outcome.code === D && c.missing) {
            const other = await api.call(c.rpc, c.missing(f), caller?.token);
            if (other.code !== outcome.code || other.message !== outcome.message) {
              leaks.push(`${kind}: existing → ${outcome.message}; missing → ${other.code === "ok" ? "ok" : Code[other.code]} ${other.message}`);
            }
          }
        }
        expect(actual).toEqual(Object.fromEntries(callerKinds.map((kind) => [kind, label(c.expected[kind])])));
        expect(leaks).toEqual([]);
      });
    });
  });
}
