import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, primaryKey, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export interface StoredLocation {
  world: string;
  x: number;
  y: number;
  z: number;
  roll: number;
  pitch: number;
  yaw: number;
}

const live = sql`deleted_at IS NULL`;

export const characters = pgTable(
  "characters",
  {
    id: uuid("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    gender: text("gender").notNull(),
    realm: text("realm").notNull(),
    dimensionId: uuid("dimension_id").notNull(),
    playTime: integer("play_time").notNull().default(0),
    location: jsonb("location").$type<StoredLocation>(),
    profession: text("profession").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The name's confusable skeleton (text-rules.ts skeletonOf); null for names stored before the rule. */
    nameSkeleton: text("name_skeleton"),
  },
  (t) => [
    // A new name may not look like a live one: same skeleton, other name (UTS #39 confusable detection).
    index("characters_name_skeleton_idx").on(t.nameSkeleton).where(live),
    // Names are unique among live characters, whatever their case.
    uniqueIndex("characters_live_name_key")
      .on(sql`lower(${t.name})`)
      .where(live),
    // One index per sortable column (id breaks ties) so any page of a million rows is an index walk.
    index("characters_name_idx").on(t.name, t.id).where(live),
    index("characters_owner_idx").on(t.ownerId, t.id).where(live),
    index("characters_realm_idx").on(t.realm, t.id).where(live),
    index("characters_gender_idx").on(t.gender, t.id).where(live),
    index("characters_dimension_idx").on(t.dimensionId, t.id).where(live),
    index("characters_play_time_idx").on(t.playTime, t.id).where(live),
    index("characters_created_idx").on(t.createdAt, t.id).where(live),
    // Case-insensitive substring search on names ("%neo%") through trigrams (extension pg_trgm, migration 0001).
    index("characters_name_trgm_idx")
      .using("gin", sql`lower(${t.name}) gin_trgm_ops`)
      .where(live),
  ],
);

/**
 * The names of live characters, one narrow row each, kept in step with `characters` by triggers (migration 0006):
 * a name search rechecks its trigram candidates here, in a table less than half the size of `characters` (a
 * broad term matches rows on nearly every page of either, so the smaller heap is the whole gain). Also the sort key
 * of name-sorted searches.
 */
export const characterSearchNames = pgTable(
  "character_search_names",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
  },
  (t) => [index("character_search_names_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`)],
);

/**
 * The number of live characters, kept exact by triggers (migration 0003): count(*) over a million rows costs
 * ~90 ms, too slow to run on every page of the admin console.
 */
export const characterTotals = pgTable(
  "character_totals",
  {
    id: boolean("id").primaryKey().default(true),
    live: bigint("live", { mode: "number" }).notNull(),
  },
  (t) => [check("character_totals_single_row", sql`${t.id}`)],
);

/** A character's inventory: one row per occupied slot (InventoryService, written by game servers). */
export const inventoryItems = pgTable(
  "inventory_items",
  {
    characterId: uuid("character_id").notNull(),
    slot: bigint("slot", { mode: "number" }).notNull(),
    itemId: bigint("item_id", { mode: "number" }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.slot] })],
);
