import { randomUUID } from "node:crypto";
import { Code } from "@connectrpc/connect";
import { expect } from "vitest";
import { characters } from "../character/schema.js";
import { dimensionMaps, dimensions, gameServers, maps } from "../gameserver/schema.js";
import type { Db } from "../platform/db/database.js";
import type { Outcome } from "./game-api.js";

/** Rows the game-service suites build on, written straight to their tables (the API under test stays out of setup). */

/** A well-formed id no row has. */
export const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let sequence = 0;
/** A name valid for characters, dimensions and maps, unique within a test run. */
export const uniqueName = (prefix = "Name") => `${prefix} ${process.pid.toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function insertMap(db: Db, overrides: Partial<typeof maps.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(maps).values({ id, name: uniqueName("Map"), mapPath: `/Game/Maps/M${id.slice(0, 8)}`, ...overrides });
  return id;
}

export async function insertDimension(db: Db, mapIds: string[] = [], overrides: Partial<typeof dimensions.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(dimensions).values({ id, name: uniqueName("Dim"), version: "1.0", location: "test", ...overrides });
  if (mapIds.length > 0) await db.insert(dimensionMaps).values(mapIds.map((mapId, position) => ({ dimensionId: id, mapId, position })));
  return id;
}

export async function insertCharacter(db: Db, ownerId: string, dimensionId: string, overrides: Partial<typeof characters.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(characters).values({ id, ownerId, name: uniqueName("Char"), gender: "male", realm: "human", dimensionId, ...overrides });
  return id;
}

export async function insertGameServer(db: Db, dimensionId: string, mapId: string, overrides: Partial<typeof gameServers.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(gameServers).values({ id, dimensionId, mapId, address: "10.0.0.1", port: 7777, ...overrides });
  return id;
}

/** Asserts a failure with `code` whose message names `field` (every validation message starts with the field). */
export function expectRejected(outcome: Outcome, code: Code, field?: string): void {
  expect({ code: outcome.code === "ok" ? "ok" : Code[outcome.code], message: outcome.message }).toMatchObject({ code: Code[code] });
  if (field) expect(outcome.message).toContain(field);
}
