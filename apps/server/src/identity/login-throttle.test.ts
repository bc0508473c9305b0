import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../platform/db/database.js";
import { demoAccounts } from "../platform/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, redirectTo, signIn, TestBrowser } from "../test/oidc-test-client.js";
import { createLoginThrottle, defaultThrottlePolicy, type ThrottleRule } from "./login-throttle.js";

describe("login throttle (backoff and lockout)", () => {
  let database: Database;
  let clock = Date.parse("2030-01-01T00:00:00Z");
  const rule: ThrottleRule = { backoffAfter: 3, maxBackoffSeconds: 30, lockAfter: 6, lockSeconds: 900, windowSeconds: 900 };
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "", memory: true });
  });
  afterAll(() => database.close());

  it("allows the first failures, then backs off exponentially, then locks", async () => {
    const throttle = createLoginThrottle(database.db, () => clock);
    const keys = [{ key: "account:a", rule }];
    for (let i = 0; i < 3; i++) {
      expect((await throttle.check(keys)).allowed).toBe(true);
      await throttle.recordFailure(keys);
    }
    // 3 failures: the next try waits 2^0 = 1 s.
    expect(await throttle.check(keys)).toEqual({ allowed: false, retryAfterSeconds: 1, locked: false });
    clock += 1000;
    expect((await throttle.check(keys)).allowed).toBe(true);
    await throttle.recordFailure(keys);
    expect((await throttle.check(keys)).retryAfterSeconds).toBe(2);
    clock += 2000;
    await throttle.recordFailure(keys);
    expect((await throttle.check(keys)).retryAfterSeconds).toBe(4);
    clock += 4000;
    await throttle.recordFailure(keys); // the 6th failure locks
    expect(await throttle.check(keys)).toEqual({ allowed: false, retryAfterSeconds: 900, locked: true });
    clock += 899_000;
    expect((await throttle.check(keys)).locked).toBe(true);
    clock += 1000;
    expect((await throttle.check(keys)).allowed).toBe(true);
    // After the lock the window has passed too: counting starts over.
    await throttle.recordFailure(keys);
    expect((await throttle.check(keys)).allowed).toBe(true);
  });

  it("forgets failures after the window and on reset; the strictest key wins", async () => {
    const throttle = createLoginThrottle(database.db, () => clock);
    const account = { key: "account:b", rule };
    const address = { key: "ip:1.2.3.4", rule: { ...rule, backoffAfter: 1 } };
    await throttle.recordFailure([account, address]);
    expect(await throttle.check([account])).toMatchObject({ allowed: true });
    expect(await throttle.check([account, address])).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock += 901_000;
    expect((await throttle.check([account, address])).allowed).toBe(true);
    await throttle.recordFailure([account]);
    await throttle.recordFailure([account]);
    await throttle.recordFailure([account]);
    expect((await throttle.check([account])).allowed).toBe(false);
    await throttle.reset(account.key);
    expect((await throttle.check([account])).allowed).toBe(true);
  });

  it("counts events against a fixed window (registration limits)", async () => {
    const throttle = createLoginThrottle(database.db, () => clock);
    expect(await throttle.consume("register:x", 2, 3600)).toBe(true);
    expect(await throttle.consume("register:x", 2, 3600)).toBe(true);
    expect(await throttle.consume("register:x", 2, 3600)).toBe(false);
    clock += 3601_000;
    expect(await throttle.consume("register:x", 2, 3600)).toBe(true);
  });
});

describe("sign-in lockout over HTTP", () => {
  let s: EmbeddedServer;
  const player = demoAccounts.find((a) => a.username === "player")!;
  beforeAll(async () => {
    s = await startEmbeddedServer({
      identity: {
        throttle: {
          ...defaultThrottlePolicy,
          // Lock on the third failure, no backoff before it, so the test needs no waiting.
          account: { backoffAfter: 100, maxBackoffSeconds: 1, lockAfter: 3, lockSeconds: 600, windowSeconds: 600 },
        },
      },
    });
  });
  afterAll(() => s.close());

  const tryLogin = async (username: string, password: string) => {
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri: `${s.url}/` }).url);
    const result = await browser.submit(page, { username, password }, redirectTo(`${s.url}/`));
    return { signedIn: Boolean(result.stoppedAt), status: result.status, error: /<div class="alert error"[^>]*>([^<]*)</.exec(result.body)?.[1] };
  };

  it("locks an account after repeated failures, even for the right password, and unknown names behave the same", async () => {
    for (const username of [player.username, "ghost-user"]) {
      for (let i = 0; i < 3; i++) expect((await tryLogin(username, "wrong-password")).error).toBe("Invalid username or password.");
      const locked = await tryLogin(username, username === player.username ? player.password : "whatever1");
      expect(locked).toEqual({ signedIn: false, status: 429, error: "Too many failed sign-in attempts. Sign-in is locked for 10 minutes." });
    }
    // Logging in by email hits the same account lock.
    expect((await tryLogin(player.email, player.password)).status).toBe(429);
    // Other accounts are not affected.
    await expect(signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "moderator", password: "moderator" })).resolves.toHaveProperty("access_token");
  });
});
