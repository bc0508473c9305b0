import { invalidArgument } from "../platform/validation.js";

/** The rules of inventories (docs/game-services.md "Inventory"). */

export const MAX_INVENTORY_ITEMS = 512;
export const ITEM_FIELDS = ["id", "slot", "quantity"] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

export interface StoredItem {
  itemId: number;
  slot: number;
  quantity: number;
}

/** The whole inventory a game server sends: each slot once, a real item type, at least one of it. */
export function requireItems(items: readonly { id: number; slot: number; quantity: number }[], field = "items"): StoredItem[] {
  if (items.length > MAX_INVENTORY_ITEMS) throw invalidArgument(field, `must list at most ${MAX_INVENTORY_ITEMS} items`);
  const slots = new Set<number>();
  return items
    .map((item, index) => {
      if (item.id === 0) throw invalidArgument(`${field}[${index}].id`, "must be an item type id (at least 1)");
      if (item.quantity === 0) throw invalidArgument(`${field}[${index}].quantity`, "must be at least 1");
      if (slots.has(item.slot)) throw invalidArgument(`${field}[${index}].slot`, `slot ${item.slot} is listed twice`);
      slots.add(item.slot);
      return { itemId: item.id, slot: item.slot, quantity: item.quantity };
    })
    .sort((a, b) => a.slot - b.slot);
}

/** GetInventory's mask: which Item fields to fill; undefined means all of them. */
export function itemMask(paths: readonly string[] | undefined): ReadonlySet<ItemField> | undefined {
  if (!paths || paths.length === 0) return undefined;
  if (paths.length > ITEM_FIELDS.length * 2) throw invalidArgument("mask", `must name at most ${ITEM_FIELDS.length} paths`);
  const fields = new Set<ItemField>();
  for (const raw of paths) {
    const path = raw.trim();
    if (!(ITEM_FIELDS as readonly string[]).includes(path)) {
      throw invalidArgument("mask", `unknown field "${path.slice(0, 64)}"; fields are ${ITEM_FIELDS.join(", ")}`);
    }
    fields.add(path as ItemField);
  }
  return fields;
}
