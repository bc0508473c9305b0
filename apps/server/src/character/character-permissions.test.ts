import { Code } from "@connectrpc/connect";
import { insertCharacter, MISSING_ID, uniqueName } from "../test/game-fixtures.js";
import { describePermissionMatrix, rows, type PermissionCase } from "../test/permission-matrix.js";

const U = Code.Unauthenticated;
const D = Code.PermissionDenied;

/** CharacterService × every kind of caller (docs/permissions.md; platform/auth/permissions.ts). */
const cases: PermissionCase[] = [
  {
    rpc: "GetCharacter",
    request: async (f, owner) => ({ id: await insertCharacter(f.db, owner.sub, f.dimension) }),
    missing: () => ({ id: MISSING_ID }),
    expected: { anonymous: U, owner: "ok", nonOwner: D, moderator: "ok", admin: "ok", banned: "ok", gameserver: D },
  },
  { rpc: "GetCharacters", request: () => ({}), expected: rows.staffRead },
  {
    rpc: "GetCharactersForUser",
    request: async (f, owner) => {
      await insertCharacter(f.db, owner.sub, f.dimension);
      return { ownerId: owner.sub };
    },
    missing: () => ({ ownerId: "no-such-user" }),
    expected: { anonymous: U, owner: "ok", nonOwner: D, moderator: "ok", admin: "ok", banned: "ok", gameserver: D },
  },
  {
    rpc: "CreateCharacter",
    request: (f, owner) => ({ ownerId: owner.sub, name: uniqueName("New"), gender: "female", realm: "cyborg", dimensionId: f.dimension }),
    missing: () => ({ ownerId: "no-such-user", name: uniqueName("New"), gender: "female", realm: "cyborg", dimensionId: MISSING_ID }),
    expected: { anonymous: U, owner: "ok", nonOwner: D, moderator: D, admin: "ok", banned: D, gameserver: D },
  },
  {
    rpc: "DeleteCharacter",
    request: async (f, owner) => ({ id: await insertCharacter(f.db, owner.sub, f.dimension) }),
    missing: () => ({ id: MISSING_ID }),
    expected: { anonymous: U, owner: "ok", nonOwner: D, moderator: D, admin: "ok", banned: D, gameserver: D },
  },
  {
    rpc: "EditCharacter",
    request: async (f, owner) => ({ mask: "name", character: { id: await insertCharacter(f.db, owner.sub, f.dimension), name: uniqueName("Edited") } }),
    missing: () => ({ mask: "name", character: { id: MISSING_ID, name: uniqueName("Edited") } }),
    expected: rows.adminOnly,
  },
  {
    rpc: "AddCharacterPlayTime",
    request: async (f, owner) => ({ id: await insertCharacter(f.db, owner.sub, f.dimension), time: 60 }),
    missing: () => ({ id: MISSING_ID, time: 60 }),
    expected: rows.gameServerWrite,
  },
  { rpc: "GetCharacterStats", request: () => ({}), expected: rows.staffRead },
  {
    // Not a column of its own: a /Banned user reading someone else's character is denied like any player.
    rpc: "GetCharacter",
    request: async (f) => ({ id: await insertCharacter(f.db, f.t.users.otherPlayer.sub, f.dimension) }),
    missing: () => ({ id: MISSING_ID }),
    expected: { anonymous: U, owner: D, nonOwner: "ok", moderator: "ok", admin: "ok", banned: D, gameserver: D },
  },
];

describePermissionMatrix("CharacterService permissions", cases);
