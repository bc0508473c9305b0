import { and, asc, eq, isNull } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import type { StoredItem } from "./inventory-rules.js";
import { characters, inventoryItems } from "./schema.js";

export type InventoryStore = ReturnType<typeof createInventoryStore>;

const live = isNull(characters.deletedAt);

/** All SQL of inventories: one row per occupied slot; a write replaces the whole inventory with its audit record. */
export function createInventoryStore(db: Db) {
  const itemsOf = (tx: Db, characterId: string): Promise<StoredItem[]> =>
    tx
      .select({ itemId: inventoryItems.itemId, slot: inventoryItems.slot, quantity: inventoryItems.quantity })
      .from(inventoryItems)
      .where(eq(inventoryItems.characterId, characterId))
      .orderBy(asc(inventoryItems.slot));

  return {
    /** The owner of a live character, or undefined when there is none with this id. */
    async ownerOf(characterId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ ownerId: characters.ownerId })
        .from(characters)
        .where(and(eq(characters.id, characterId), live));
      return row?.ownerId;
    },

    items: (characterId: string) => itemsOf(db, characterId),

    /** Replaces the inventory of a live character; "not-found" when there is none. The character row is locked. */
    replace(actor: AuditActor, characterId: string, items: StoredItem[]): Promise<StoredItem[] | "not-found"> {
      return db.transaction(async (tx) => {
        const [character] = await tx
          .select({ id: characters.id })
          .from(characters)
          .where(and(eq(characters.id, characterId), live))
          .for("update");
        if (!character) return "not-found" as const;
        const before = await itemsOf(tx, characterId);
        await tx.delete(inventoryItems).where(eq(inventoryItems.characterId, characterId));
        if (items.length > 0) await tx.insert(inventoryItems).values(items.map((item) => ({ characterId, ...item })));
        await appendAudit(tx, actor, { action: "character.inventory-set", targetType: "character", targetId: characterId, before, after: items });
        return items;
      });
    },
  };
}
