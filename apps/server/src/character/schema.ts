import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
  },
  (t) => [
    // Names are unique among live characters, whatever their case.
    uniqueIndex("characters_live_name_key").on(sql`lower(${t.name})`).where(live),
    // One index per sortable column (id breaks ties) so any page of a million rows is an index walk.
    index("characters_name_idx").on(t.name, t.id).where(live),
    index("characters_owner_idx").on(t.ownerId, t.id).where(live),
    index("characters_realm_idx").on(t.realm, t.id).where(live),
    index("characters_gender_idx").on(t.gender, t.id).where(live),
    index("characters_dimension_idx").on(t.dimensionId, t.id).where(live),
    index("characters_play_time_idx").on(t.playTime, t.id).where(live),
    index("characters_created_idx").on(t.createdAt, t.id).where(live),
  ],
);
