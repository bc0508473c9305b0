import { Code } from "@connectrpc/connect";
import { insertCharacter } from "../test/game-fixtures.js";
import { describePermissionMatrix, rows, type PermissionCase } from "../test/permission-matrix.js";

const U = Code.Unauthenticated;
const D = Code.PermissionDenied;

/** InventoryService and the public health rpc × every kind of caller. */
const cases: PermissionCase[] = [
  {
    rpc: "GetInventory",
    request: async (f, owner) => ({ characterId: await insertCharacter(f.db, owner.sub, f.dimension) }),
    missing: () => ({ characterId: "00000000-0000-4000-8000-000000000000" }),
    // Banned users keep reading their own characters (docs/permissions.md).
    expected: { anonymous: U, owner: "ok", nonOwner: D, moderator: "ok", admin: "ok", banned: "ok", gameserver: "ok" },
  },
  {
    rpc: "SetInventory",
    request: async (f, owner) => ({ characterId: await insertCharacter(f.db, owner.sub, f.dimension), items: [{ id: 7, slot: 0, quantity: 2 }] }),
    missing: () => ({ characterId: "00000000-0000-4000-8000-000000000000", items: [] }),
    expected: rows.gameServerWrite,
  },
  {
    rpc: "Health",
    request: () => ({}),
    expected: { anonymous: "ok", owner: "ok", nonOwner: "ok", moderator: "ok", admin: "ok", banned: "ok", gameserver: "ok" },
  },
];

describePermissionMatrix("inventory and health permissions", cases);
