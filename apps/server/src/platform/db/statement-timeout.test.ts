import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./database.js";
import { isStatementTimeout, withStatementTimeout } from "./statement-timeout.js";
import { openTestDatabase, storageBackends } from "../../test/test-server.js";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.each(storageBackends)("statement timeout for one read (%s)", (backend) => {
  let opened: { database: Database; close: () => Promise<void> };
  beforeAll(async () => {
    opened = await openTestDatabase(backend);
  });
  afterAll(() => opened?.close());

  it("answers what the work returns, and the limit ends with its transaction", async () => {
    const { db } = opened.database;
    const inside = await withStatementTimeout(db, 2_500, async (tx) => rowsOf(await tx.execute(sql`SHOW statement_timeout`)));
    expect(inside).toEqual([{ statement_timeout: "2500ms" }]);
    // The pool hands out the connection released last: the same one, with the server's default again.
    expect(rowsOf(await db.execute(sql`SHOW statement_timeout`))).toEqual([{ statement_timeout: "0" }]);
  });

  it("passes the work's own errors through", async () => {
    const failure = withStatementTimeout(opened.database.db, 1_000, (tx) => tx.execute(sql`SELECT 1 / 0`));
    await expect(failure).rejects.toSatisfy((error: unknown) => !isStatementTimeout(error));
  });

  it.runIf(backend === "postgres")("stops a statement that runs past the limit, and the connection stays usable", async () => {
    const { db } = opened.database;
    const slow = withStatementTimeout(db, 50, (tx) => tx.execute(sql`SELECT pg_sleep(600)`));
    await expect(slow).rejects.toSatisfy(isStatementTimeout);
    expect(rowsOf(await db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
  });
});
