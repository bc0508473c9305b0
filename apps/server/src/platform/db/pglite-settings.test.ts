import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";

describe("PGlite session settings", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sro-pglite-settings-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // One database per test: each open starts PGlite's thread, creates the cluster and runs every migration.
  it.each([
    { storage: "on disk", options: { dataDir } },
    { storage: "in memory", options: { dataDir: "", memory: true } },
  ])("does not zero-fill new WAL segments (it blocked the event loop), $storage, after the migrations too", { timeout: 240_000 }, async ({ options }) => {
    const database = await openDatabase(options);
    try {
      // PGlite's drizzle driver answers { rows }, like node-postgres.
      const result: unknown = await database.db.execute(sql`SELECT current_setting('wal_init_zero') AS setting`);
      const { rows } = result as { rows: unknown[] };
      expect(rows).toEqual([{ setting: "off" }]);
    } finally {
      await database.close();
    }
  });
});
