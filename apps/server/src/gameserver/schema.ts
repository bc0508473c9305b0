import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const live = sql`deleted_at IS NULL`;

export const maps = pgTable(
  "maps",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    mapPath: text("map_path").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("maps_live_name_key")
      .on(sql`lower(${t.name})`)
      .where(live),
  ],
);

export const dimensions = pgTable(
  "dimensions",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    version: text("version").notNull(),
    location: text("location").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("dimensions_live_name_key")
      .on(sql`lower(${t.name})`)
      .where(live),
  ],
);

/** The ordered map list of a dimension. */
export const dimensionMaps = pgTable(
  "dimension_maps",
  {
    dimensionId: uuid("dimension_id").notNull(),
    mapId: uuid("map_id").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimensionId, t.mapId] }), index("dimension_maps_map_idx").on(t.mapId)],
);

/** Game-server processes known to the registry (GAMESERVER_MODE=registry). */
export const gameServers = pgTable(
  "game_servers",
  {
    id: uuid("id").primaryKey(),
    dimensionId: uuid("dimension_id").notNull(),
    mapId: uuid("map_id").notNull(),
    address: text("address").notNull(),
    port: integer("port").notNull(),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    draining: boolean("draining").notNull().default(false),
  },
  (t) => [index("game_servers_dimension_idx").on(t.dimensionId, t.mapId)],
);

/** Maps that GameServerUpdate found without a live server: an orchestrator picks these up. */
export const gameServerRequests = pgTable(
  "game_server_requests",
  {
    id: uuid("id").primaryKey(),
    dimensionId: uuid("dimension_id").notNull(),
    mapId: uuid("map_id").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
  },
  (t) => [
    index("game_server_requests_open_idx")
      .on(t.dimensionId, t.mapId)
      .where(sql`fulfilled_at IS NULL`),
  ],
);
