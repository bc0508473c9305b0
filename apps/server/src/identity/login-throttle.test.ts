import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../platform/db/database.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, redirectTo, TestBrowser } from "../test/oidc-test-client.js";
import { createLoginThrottle, defaultThrottlePolicy, signInKeys, type ThrottlePolicy, type ThrottleRule } from "./login-throttle.js";

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

  it("paces the account only from its bound on, and then only addresses with recent failures", async () => {
    const throttle = createLoginThrottle(database.db, () => clock);
    // A small bound keeps this short; the default's numbers are the guesses-per-hour simulation's below.
    const p: ThrottlePolicy = { ...defaultThrottlePolicy, account: { ...defaultThrottlePolicy.account, backoffAfter: 4 } };
    const keys = (address: string) => signInKeys(p, "account:c", `ip:${address}`);
    // Strangers: one failure from each of two addresses (no pair or address rule fires); with the owner's, one short.
    for (const address of ["10.1.0.1", "10.1.0.2"]) await throttle.recordSignInFailure(keys(address));
    // The owner mistypes: the account is short of its bound, so the next try is not paced.
    await throttle.recordSignInFailure(keys("198.51.100.7"));
    expect(await throttle.checkSignIn(keys("198.51.100.7"))).toEqual({ allowed: true, retryAfterSeconds: 0, locked: false, pairCounted: true });
    // At the bound: an address that failed recently waits, one without failures does not.
    await throttle.recordSignInFailure(keys("10.2.0.1"));
    expect(await throttle.checkSignIn(keys("198.51.100.7"))).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(await throttle.checkSignIn(keys("198.51.100.8"))).toEqual({ allowed: true, retryAfterSeconds: 0, locked: false, pairCounted: false });
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

describe("guesses per hour against one account (fake clock, default policy)", () => {
  // The database opens in a hook (a fresh PGlite takes tens of seconds on a busy machine); each run has its own keys.
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "", memory: true });
  });
  afterAll(() => database?.close());

  /**
   * An attacker who tries whenever the throttle lets any of its addresses: counts the password checks it gets in one
   * hour. docs/security.md quotes these numbers; the bound is what the limits allow at most.
   */
  async function guessesPerHour(policy: ThrottlePolicy, addresses: number): Promise<number> {
    const run = `run${addresses}`;
    let clock = Date.parse("2030-06-01T00:00:00Z");
    const start = clock;
    const throttle = createLoginThrottle(database.db, () => clock);
    const next = Array.from({ length: addresses }, () => start);
    let guesses = 0;
    for (;;) {
      const i = next.indexOf(Math.min(...next));
      clock = next[i]!;
      if (clock >= start + 3600_000) return guesses;
      const keys = signInKeys(policy, `account:victim-${run}`, `ip:${run}:10.0.${i >> 8}.${i & 255}`);
      const verdict = await throttle.checkSignIn(keys);
      if (verdict.allowed) {
        guesses++;
        await throttle.recordSignInFailure(keys);
      } else next[i] = clock + verdict.retryAfterSeconds * 1000;
    }
  }

  it("one address gets 40 guesses an hour", async () => {
    const p = defaultThrottlePolicy;
    // Bound: the pair rule alone allows lockAfter guesses, then a lock, per cycle.
    const bound = p.pair.lockAfter! * Math.ceil(3600 / p.pair.lockSeconds);
    const measured = await guessesPerHour(p, 1);
    expect(measured).toBeLessThanOrEqual(bound);
    expect(measured).toBe(40);
  });

  it("100 addresses get 285 guesses an hour", async () => {
    const p = defaultThrottlePolicy;
    // Bound: each address is "without recent failures" once per address window, the rest is paced account-wide.
    const bound = 100 * Math.ceil(3600 / p.address.windowSeconds) + p.account.backoffAfter + Math.ceil(3600 / p.account.maxBackoffSeconds);
    const measured = await guessesPerHour(p, 100);
    expect(measured).toBeLessThanOrEqual(bound);
    expect(measured).toBe(285);
  }, 600_000); // thousands of statements against the store: a hang guard for a busy machine, not a speed target
});

// Each attempt is a real sign-in (one scrypt, ~0.1 s idle, seconds on a busy machine); up to 13 per test.
describe("sign-in throttling over HTTP: no lock-out by name", { timeout: 180_000 }, () => {
  let s: EmbeddedServer;
  const player = demoAccounts.find((a) => a.username === "player")!;
  beforeAll(async () => {
    s = await startEmbeddedServer({
      env: { TRUST_PROXY: "true" },
      identity: {
        throttle: {
          ...defaultThrottlePolicy,
          // Lock the pair on the third failure, no backoff before it, so the test needs no waiting.
          pair: { backoffAfter: 100, maxBackoffSeconds: 1, lockAfter: 3, lockSeconds: 600, windowSeconds: 600 },
        },
      },
    });
  });
  afterAll(() => s.close());

  const tryLogin = async (username: string, password: string, address: string) => {
    const browser = new TestBrowser();
    browser.headers["x-forwarded-for"] = address;
    const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri: `${s.url}/` }).url);
    const result = await browser.submit(page, { username, password }, redirectTo(`${s.url}/`));
    return { signedIn: Boolean(result.stoppedAt), status: result.status, error: /<div class="alert error"[^>]*>([^<]*)</.exec(result.body)?.[1] };
  };

  it("locks the attacking address for that account; the owner signs in from elsewhere; unknown names behave the same", async () => {
    for (const username of [player.username, "ghost-user"]) {
      for (let i = 0; i < 3; i++) expect((await tryLogin(username, "wrong-password", "203.0.113.7")).error).toBe("Invalid username or password.");
      const locked = await tryLogin(username, username === player.username ? player.password : "whatever1", "203.0.113.7");
      expect(locked).toEqual({ signedIn: false, status: 429, error: "Too many failed sign-in attempts. Sign-in is locked for 10 minutes." });
    }
    // The same account by email or in upper case from the attacking address: same pair, still locked.
    expect((await tryLogin(player.email, player.password, "203.0.113.7")).status).toBe(429);
    expect((await tryLogin(player.username.toUpperCase(), player.password, "203.0.113.7")).status).toBe(429);
    // The owner, from an address without recent failures, by name, email or upper case.
    expect((await tryLogin(player.username, player.password, "198.51.100.1")).signedIn).toBe(true);
    expect((await tryLogin(player.email, player.password, "198.51.100.2")).signedIn).toBe(true);
    expect((await tryLogin(player.username.toUpperCase(), player.password, "198.51.100.3")).signedIn).toBe(true);
  });

  it("many attacking addresses never refuse the owner's correct password from a clean address", async () => {
    const moderator = demoAccounts.find((a) => a.username === "moderator")!;
    for (let i = 0; i < 12; i++) await tryLogin(moderator.username, "wrong-password", `203.0.113.${20 + i}`);
    const owner = await tryLogin(moderator.username, moderator.password, "198.51.100.9");
    expect(owner).toMatchObject({ signedIn: true });
  });

  it("a stranger's failures from a few addresses do not make the owner wait after a typo", async () => {
    const rook = demoAccounts.find((a) => a.username === "rook")!;
    // Three addresses, each up to its pair lock: 9 failures on the account (account-wide pacing used to start at 5).
    for (const address of ["203.0.113.41", "203.0.113.42", "203.0.113.43"]) {
      for (let i = 0; i < 3; i++) await tryLogin(rook.username, "wrong-password", address);
    }
    // The owner mistypes once (their address now has a recent failure), then types it right at once.
    expect((await tryLogin(rook.username, "rook-typo", "198.51.100.60")).error).toBe("Invalid username or password.");
    expect(await tryLogin(rook.username, rook.password, "198.51.100.60")).toMatchObject({ signedIn: true });
  });

  it("the account page's password change is not locked by someone else's failures", async () => {
    for (let i = 0; i < 12; i++) await tryLogin(player.username, "wrong-password", "203.0.113.99");
    const browser = new TestBrowser();
    browser.headers["x-forwarded-for"] = "198.51.100.50";
    const login = await browser.navigate(`${s.issuer}/account`);
    await browser.submit(login, { username: player.username, password: player.password });
    const page = await browser.navigate(`${s.issuer}/account`);
    expect(page.body).toContain("Your Profile");
    const changed = await browser.submit(
      page,
      { currentPassword: player.password, newPassword: "fresh-secret-71", newPasswordConfirm: "fresh-secret-71" },
      undefined,
      1,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toContain("Your password was changed.");
  });
});
