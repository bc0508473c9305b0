import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../identity/schema.js";
import { openDatabase, type Database } from "./db/database.js";
import { createLogger } from "./logger.js";

describe("logger: no SQL, parameters or secrets", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "", memory: true });
  });
  afterAll(() => database.close());

  it("logs a failed query by the database's error, without its statement and parameters", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    const hash = "scrypt$32768$8$1$c2FsdA$aGFzaA";
    // NUL is refused by PostgreSQL: the error drizzle throws quotes the insert and its parameters.
    const error = await database.db
      .insert(users)
      .values({ id: "6f1c2a10-0000-4000-8000-00000000ffff", username: "a\u0000b", email: "victim@example.com", passwordHash: hash })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(String(error)).toContain(hash);
    logger.error({ err: new Error("wrapped", { cause: error }) }, "request failed");
    logger.info({ password: "hunter2-secret", user: { passwordHash: hash, token: "eyJ.secret" } }, "fields");
    const text = lines.join("");
    expect(text).toContain("database query failed");
    for (const leak of [hash, "victim@example.com", "insert into", "params", "hunter2-secret", "eyJ.secret"]) expect(text).not.toContain(leak);
  });
});
