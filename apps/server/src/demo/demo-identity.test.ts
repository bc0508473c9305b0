import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/audit-trail.js";
import { ensureGroupTree } from "../identity/group-tree.js";
import { hashPassword } from "../identity/passwords.js";
import { createUserStore } from "../identity/user-store.js";
import { createLogger } from "../platform/logger.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { demoAccounts } from "./demo-accounts.js";
import { demoAccountsOnSeededPasswords, demoAccountSummary, seedDemoAccounts } from "./demo-identity.js";

describe.each(storageBackends)("demo accounts (%s)", (backend) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  // A fresh database is a server start's worth of work: the hook's time limit, not the test's.
  beforeAll(async () => {
    opened = await openTestDatabase(backend);
  });
  afterAll(() => opened?.close());

  // Seeding hashes every demo password with scrypt, twice: seconds when idle, a minute at load 25; the limit only
  // catches a hang.
  it("the start-up line promises only the demo accounts that still sign in with their seeded password", { timeout: 240_000 }, async () => {
    const { database } = opened!;
    await ensureGroupTree(database.db);
    const store = createUserStore(database.db);
    const logger = createLogger("silent");
    await seedDemoAccounts(store, logger);
    const everyone = demoAccounts.map((a) => a.username);
    expect(await demoAccountsOnSeededPasswords(store)).toEqual(everyone);

    const [admin] = demoAccounts;
    await store.setPasswordHash(SYSTEM_ACTOR, admin.id, await hashPassword("a-changed-password-1"));
    // Seeding again (the next start on the same data) keeps the changed password.
    await seedDemoAccounts(store, logger);
    expect(await demoAccountsOnSeededPasswords(store)).toEqual(everyone.filter((name) => name !== admin.username));
  });

  it("the start-up log names the demo accounts and their groups, never a password", () => {
    for (const entry of demoAccountSummary()) expect(Object.keys(entry)).toEqual(["username", "groups"]);
  });
});
