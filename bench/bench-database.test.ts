import pg from "pg";
import { describe, expect, it } from "vitest";
import { benchDatabaseUrl } from "./bench-database.js";

const base = process.env.DATABASE_URL;

describe("benchDatabaseUrl", () => {
  it("refuses a name that is not a plain identifier, naming it and the rule", async () => {
    await expect(benchDatabaseUrl("postgres://postgres@127.0.0.1:1/test", "x; DROP DATABASE test")).rejects.toThrow(
      'bench database name "x; DROP DATABASE test": lower-case letters, digits and _ only',
    );
  });

  // A bench's millions of rows go to a database of its own, created once and then reused: never into the database
  // DATABASE_URL names, which the service suites use.
  it.skipIf(!base)("creates the named database beside DATABASE_URL's once, then reuses it", async () => {
    const name = `sro_bench_probe_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const first = await benchDatabaseUrl(base!, name);
      expect(new URL(first).pathname).toBe(`/${name}`);
      expect(new URL(first).host).toBe(new URL(base!).host);
      expect(await benchDatabaseUrl(base!, name)).toBe(first);
      const client = new pg.Client({ connectionString: first });
      await client.connect();
      const { rows } = await client.query<{ db: string }>("SELECT current_database() AS db");
      await client.end();
      expect(rows[0]!.db).toBe(name);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
