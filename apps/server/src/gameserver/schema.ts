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
    /** Players it takes at once (0 at registration: the server default). */
    maxPlayers: integer("max_players").notNull().default(100),
    /** The token subject that registered it: only that client verifies joins and reports leaves for it. */
    registeredBy: text("registered_by").notNull().default(""),
  },
  (t) => [index("game_servers_dimension_idx").on(t.dimensionId, t.mapId)],
);

/**
 * Single-use connection ids (ConnectionService.ConnectGameServer / TransferPlayer): issued for one character and one
 * game server, valid until expires_at, consumed by VerifyConnect.
 */
export const gameConnections = pgTable(
  "game_connections",
  {
    id: uuid("id").primaryKey(),
    characterId: uuid("character_id").notNull(),
    ownerId: text("owner_id").notNull(),
    serverId: uuid("server_id").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    index("game_connections_expires_idx").on(t.expiresAt),
    // A server's outstanding ids, counted on every join.
    index("game_connections_outstanding_idx")
      .on(t.serverId)
      .where(sql`consumed_at IS NULL`),
  ],
);

/** Who plays where: one row per playing character, from VerifyConnect until the server reports the leave. */
export const gameSessions = pgTable(
  "game_sessions",
  {
    characterId: uuid("character_id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    serverId: uuid("server_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("game_sessions_owner_idx").on(t.ownerId), index("game_sessions_server_idx").on(t.serverId)],
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

/**
 * Players staff removed from a game session (a kick, an account ban, a ban of scope "game"): one row per session,
 * sent to the server's WatchPlayerActions streams, confirmed by the game server (ConfirmPlayerRemoved).
 */
export const playerRemovals = pgTable(
  "player_removals",
  {
    id: uuid("id").primaryKey(),
    characterId: uuid("character_id").notNull(),
    serverId: uuid("server_id").notNull(),
    /** address:port of the server when the removal was made (the moderator's "disconnected from …"). */
    serverAddress: text("server_address").notNull(),
    /** "kick" | "ban" */
    kind: text("kind").notNull(),
    /** For the player; never who decided it. */
    message: text("message").notNull(),
    /** The sanction that caused it; null for a kick. */
    sanctionId: uuid("sanction_id"),
    requestedAt: timestamp("requested_at", { withTimezone: true, precision: 3 }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("player_removals_unconfirmed_idx")
      .on(t.serverId)
      .where(sql`confirmed_at IS NULL`),
    index("player_removals_sanction_idx").on(t.sanctionId),
    index("player_removals_character_idx").on(t.characterId, t.requestedAt),
  ],
);
