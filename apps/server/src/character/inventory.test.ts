import { Code } from "@connectrpc/connect";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertCharacter, insertDimension, MISSING_ID } from "../test/game-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { MAX_INVENTORY_ITEMS } from "./inventory-rules.js";
import { characters, inventoryItems } from "./schema.js";

interface Item {
  id: number;
  slot: number;
  quantity: number;
}

/** sro.character.InventoryService over Connect and REST: stored inventories, game-server writes with their audit record. */
describe.each(storageBackends)("inventories (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(() => t?.close());

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    let character: string;
    beforeAll(async () => {
      api = gameApi(t.url, transport);
    });
    const fresh = async () => (character = await insertCharacter(t.server.database.db, t.users.player.sub, await insertDimension(t.server.database.db)));
    const set = (items: object[]) => api.call("SetInventory", { characterId: character, items: items as never }, t.users.gameserver.token);
    const get = (mask?: string) => api.ok("GetInventory", { characterId: character, ...(mask ? { mask } : {}) }, t.users.player.token);

    it("starts empty; a write replaces the whole inventory, ordered by slot, and is audited", async () => {
      await fresh();
      expect(await get()).toEqual({});
      const first: [Item, Item] = [
        { id: 4294967295, slot: 9, quantity: 4294967295 },
        { id: 12, slot: 1, quantity: 3 },
      ];
      const stored = [first[1], first[0]].map(({ id, ...rest }) => ({ itemId: id, ...rest }));
      expect((await set(first)).body).toEqual({ items: [first[1], first[0]] });
      expect(await get()).toEqual({ items: [first[1], first[0]] });
      expect(await get("slot,quantity")).toEqual({
        items: [
          { slot: 1, quantity: 3 },
          { slot: 9, quantity: 4294967295 },
        ],
      });

      const second = [{ id: 5, slot: 4, quantity: 1 }];
      expect((await set(second)).code).toBe("ok");
      expect(await get()).toEqual({ items: second });
      const audit = await t.server.database.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.targetId, character), eq(auditRecords.action, "character.inventory-set")));
      expect(audit.map((r) => ({ actor: r.actorId, before: r.before, after: r.after }))).toEqual([
        { actor: t.users.gameserver.sub, before: [], after: stored },
        {
          actor: t.users.gameserver.sub,
          before: stored,
          after: [{ itemId: 5, slot: 4, quantity: 1 }],
        },
      ]);
      expect((await set([])).code).toBe("ok");
      expect(await get()).toEqual({});
    });

    it("bad input is INVALID_ARGUMENT naming the field and changes nothing", async () => {
      await fresh();
      await set([{ id: 1, slot: 0, quantity: 1 }]);
      expectRejected(
        await set([
          { id: 1, slot: 2, quantity: 1 },
          { id: 2, slot: 2, quantity: 1 },
        ]),
        Code.InvalidArgument,
        "items[1].slot",
      );
      expectRejected(await set([{ id: 0, slot: 0, quantity: 1 }]), Code.InvalidArgument, "items[0].id");
      expectRejected(await set([{ id: 1, slot: 0, quantity: 0 }]), Code.InvalidArgument, "items[0].quantity");
      const tooMany = Array.from({ length: MAX_INVENTORY_ITEMS + 1 }, (_, slot) => ({ id: 1, slot, quantity: 1 }));
      expectRejected(await set(tooMany), Code.InvalidArgument, "items");
      expectRejected(await api.call("GetInventory", { characterId: character, mask: "colour" }, t.users.player.token), Code.InvalidArgument, "mask");
      expectRejected(await api.call("GetInventory", { characterId: "x" }, t.users.admin.token), Code.InvalidArgument, "character_id");
      expect(await t.server.database.db.select().from(inventoryItems).where(eq(inventoryItems.characterId, character))).toEqual([
        { characterId: character, itemId: 1, slot: 0, quantity: 1 },
      ]);
    });

    it("a missing or deleted character is NOT_FOUND", async () => {
      await fresh();
      await t.server.database.db.update(characters).set({ deletedAt: new Date() }).where(eq(characters.id, character));
      expectRejected(await set([]), Code.NotFound, "character");
      expectRejected(await api.call("GetInventory", { characterId: MISSING_ID }, t.users.admin.token), Code.NotFound, "character");
    });
  });
});
