import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";

/**
 * History search plans on the statistics of chat_messages.content (migration 0013): with the default 100-entry
 * histogram a common phrase could be guessed rare and read through the trigram index (13 s, bench chat-search).
 */
describe.each(storageBackends)("chat message text statistics (%s)", (backend) => {
  let opened: { database: Database; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(backend);
  });
  afterAll(() => opened?.close());

  it("keeps a 1,000-entry histogram on the message text", async () => {
    const result: unknown = await opened!.database.db.execute(
      sql`SELECT attstattarget::int AS target FROM pg_attribute WHERE attrelid = 'chat_messages'::regclass AND attname = 'content'`,
    );
    // node-postgres and PGlite both answer with { rows }.
    const { rows } = result as { rows: { target: number }[] };
    expect(rows).toEqual([{ target: 1000 }]);
  });
});
