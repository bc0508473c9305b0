import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import { GetInventoryResponseSchema, ItemSchema, type InventoryService } from "../gen/sro/character/inventory_pb.js";
import { grantOf, requireOwnership } from "../platform/auth/caller.js";
import { requireUuid } from "../platform/validation.js";
import { itemMask, requireItems, type ItemField, type StoredItem } from "./inventory-rules.js";
import type { InventoryStore } from "./inventory-store.js";

const notFound = () => new ConnectError("character not found", Code.NotFound);

const response = (items: readonly StoredItem[], fields?: ReadonlySet<ItemField>) =>
  create(GetInventoryResponseSchema, {
    items: items.map((item) =>
      create(ItemSchema, {
        id: !fields || fields.has("id") ? item.itemId : 0,
        slot: !fields || fields.has("slot") ? item.slot : 0,
        quantity: !fields || fields.has("quantity") ? item.quantity : 0,
      }),
    ),
  });

/** sro.character.InventoryService: players read their own characters' inventories; game servers write them. */
export function createInventoryService(store: InventoryStore): ServiceImpl<typeof InventoryService> {
  return {
    async getInventory(req, ctx) {
      const characterId = requireUuid(req.characterId, "character_id");
      const fields = itemMask(req.mask?.paths);
      const owner = await store.ownerOf(characterId);
      // A foreign and a missing character answer the same for "own" grants (permissions.ts).
      requireOwnership(ctx, owner, "characters");
      if (owner === undefined && grantOf(ctx) === "all") throw notFound();
      return response(await store.items(characterId), fields);
    },

    async setInventory(req, ctx) {
      const characterId = requireUuid(req.characterId, "character_id");
      const items = requireItems(req.items);
      const stored = await store.replace(auditActorOf(ctx), characterId, items);
      if (stored === "not-found") throw notFound();
      return response(stored);
    },
  };
}
