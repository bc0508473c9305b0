import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultThrottlePolicy } from "../identity/login-throttle.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { createLogger } from "../platform/logger.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, redirectTo, signIn, TestBrowser, type Page } from "../test/oidc-test-client.js";

/**
 * Finding 3 of the black-box attack: a NUL byte anywhere in an identity input gave a 500, and the failed
 * registration was logged with the new password hash. Every identity input gets hostile text; no answer may be a
 * 5xx, control characters get a 400 that names the field, and the log holds no password, hash, token or SQL.
 */
const SECRET_PASSWORD = "Fuzz-Secret-Pass-7781";
const hostile = [
  "\u0000",
  "a\u0000b",
  "\u001b[31mred\u001b[0m",
  "\u0007\u0008\u007f",
  "\u0085x",
  "\u202eevil",
  "\u200b\u200b",
  "\ud800",
  "\udfff\ud800",
  "x".repeat(5000),
  "%00",
  "'; drop table identity_users; --",
  "\uffff\ufffe",
  "𝔄𝔡𝔞",
];

describe("identity inputs under fuzz: no 5xx, control characters named, clean logs", () => {
  let s: EmbeddedServer;
  const log: string[] = [];
  let adminToken = "";
  const statuses: { what: string; status: number }[] = [];
  const record = (what: string, status: number) => statuses.push({ what, status });

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    s = await startEmbeddedServer({
      logger: createLogger("debug", sink),
      identity: {
        throttle: {
          ...defaultThrottlePolicy,
          registrationAttemptsPerAddress: { limit: 10_000, windowSeconds: 3600 },
          registrationsPerAddress: { limit: 10_000, windowSeconds: 3600 },
          pair: { ...defaultThrottlePolicy.pair, backoffAfter: 10_000, lockAfter: undefined },
          address: { ...defaultThrottlePolicy.address, backoffAfter: 10_000, lockAfter: undefined },
          account: { ...defaultThrottlePolicy.account, backoffAfter: 10_000 },
        },
      },
    });
    const admin = demoAccounts.find((a) => a.username === "admin")!;
    adminToken = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: admin.username, password: admin.password }))
      .access_token;
  });
  afterAll(() => s.close());

  const errorText = (page: Page) => /<div class="alert error"[^>]*>([^<]*)</.exec(page.body)?.[1] ?? "";
  const fieldError = (page: Page, field: string) => new RegExp(`id="field-${field}-error">([^<]*)<`).exec(page.body)?.[1] ?? "";

  it("sign-in form: 400 naming the field for control characters, never 5xx", async () => {
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri: `${s.url}/` }).url);
    for (const value of hostile) {
      for (const field of ["username", "password"] as const) {
        const values = { username: field === "username" ? value : "player", password: field === "password" ? value : SECRET_PASSWORD };
        const answer = await browser.submit(page, values, redirectTo(`${s.url}/`));
        record(`login ${field} ${JSON.stringify(value.slice(0, 20))}`, answer.status);
        if (/\p{Cc}/u.test(value)) {
          expect(answer.status).toBe(400);
          expect(errorText(answer)).toBe(`The ${field} must not contain control characters.`);
        }
      }
    }
    // Bytes that are not UTF-8 at all.
    const form = page.body.match(/name="csrf" value="([^"]+)"/)![1]!;
    const action = page.body.match(/<form[^>]*action="([^"]+)"/)![1]!.replaceAll("&amp;", "&");
    const raw = Buffer.concat([
      Buffer.from(`csrf=${encodeURIComponent(form)}&username=`),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(`&password=${SECRET_PASSWORD}`),
    ]);
    const answer = await browser.fetch(new URL(action, s.url).href, {
      method: "POST",
      body: raw,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    record("login raw bytes", answer.status);
  });

  it("registration form: every field", async () => {
    const browser = new TestBrowser();
    const fields = ["username", "email", "firstName", "lastName", "password"] as const;
    let n = 0;
    for (const value of hostile) {
      for (const field of fields) {
        n++;
        // A fresh sign-up page each time: a registration that succeeds ends its interaction.
        const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri: `${s.url}/`, prompt: "create" }).url);
        const good: Record<string, string> = {
          username: `fuzz${n}`,
          email: `fuzz${n}@example.com`,
          firstName: "Fuzz",
          lastName: "Tester",
          password: SECRET_PASSWORD,
        };
        const values = { ...good, [field]: field === "email" ? `${value}@example.com` : value };
        values.passwordConfirm = values.password!;
        const answer = await browser.submit(page, values, redirectTo(`${s.url}/`));
        record(`register ${field} ${JSON.stringify(value.slice(0, 20))}`, answer.status);
        if (/\p{Cc}/u.test(value) && value.trim() === value) {
          expect(answer.status, `${field} ${JSON.stringify(value)}`).toBe(400);
          expect(fieldError(answer, field)).toMatch(/must not contain control characters\.$/);
        }
      }
    }
  }, 120_000);

  it("account page: profile and password change", async () => {
    const browser = new TestBrowser();
    const login = await browser.navigate(`${s.issuer}/account`);
    await browser.submit(login, { username: "player", password: "player" });
    const page = await browser.navigate(`${s.issuer}/account`);
    if (!page.body.includes("Your Profile")) throw new Error("not signed in to the account page");
    for (const value of hostile) {
      for (const field of ["email", "firstName", "lastName"] as const) {
        const values = { email: "player@sro.local", firstName: "Pia", lastName: "Player", [field]: value };
        const answer = await browser.submit(page, values, undefined, 0);
        record(`profile ${field} ${JSON.stringify(value.slice(0, 20))}`, answer.status);
        if (/\p{Cc}/u.test(value) && value.trim() === value) {
          expect(answer.status).toBe(400);
          expect(fieldError(answer, field)).toMatch(/must not contain control characters\.$/);
        }
      }
      const password = await browser.submit(page, { currentPassword: value, newPassword: SECRET_PASSWORD, newPasswordConfirm: SECRET_PASSWORD }, undefined, 1);
      record(`password ${JSON.stringify(value.slice(0, 20))}`, password.status);
    }
  }, 120_000);

  it("users API, OIDC endpoints and bearer headers", async () => {
    const admin = `${s.url}/admin/realms/default`;
    for (const value of hostile) {
      // Byte-wise, so lone surrogates go out as the replacement character instead of throwing.
      const v = [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
      for (const path of [
        `/users?search=${v}`,
        `/users?username=${v}&exact=true`,
        `/users?email=${v}`,
        `/users?firstName=${v}`,
        `/users/count?search=${v}`,
        `/users?id=${v}`,
        `/users?first=${v}&max=${v}`,
        `/users/${v}`,
        `/users/${v}/groups`,
        `/groups/${v}`,
      ]) {
        const answer = await fetch(`${admin}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
        record(`admin ${path.slice(0, 40)}`, answer.status);
        if (path.includes("search=") && /\p{Cc}/u.test(value)) {
          expect(answer.status).toBe(400);
          expect(((await answer.json()) as { error_description: string }).error_description).toBe("The search parameter must not contain control characters.");
        }
      }
      const auth = authorizationUrl({ issuer: s.issuer, redirectUri: `${s.url}/` }).url;
      for (const param of ["client_id", "redirect_uri", "state", "login_hint", "scope", "code_challenge", "prompt", "nonce"]) {
        const url = new URL(auth);
        url.searchParams.delete(param);
        record(`auth ${param}`, (await fetch(`${url.href}&${param}=${v}`, { redirect: "manual" })).status);
      }
      const forms: Record<string, string>[] = [
        { grant_type: "authorization_code", code: value, client_id: "sro-web", redirect_uri: `${s.url}/`, code_verifier: value },
        { grant_type: "refresh_token", refresh_token: value, client_id: "sro-web" },
        { grant_type: value, client_id: value },
        { grant_type: "client_credentials", client_id: "game-server", client_secret: value },
      ];
      for (const form of forms) {
        const answer = await fetch(`${s.issuer}/protocol/openid-connect/token`, {
          method: "POST",
          body: new URLSearchParams(form),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        record(`token ${form.grant_type!.slice(0, 20)}`, answer.status);
      }
      const header = `Bearer ${value.replace(/[^\u0020-\u007e]/g, "x")}`;
      for (const url of [`${s.issuer}/protocol/openid-connect/userinfo`, `${s.issuer}/account`, `${admin}/users`]) {
        record(`bearer ${url}`, (await fetch(url, { headers: { authorization: header, accept: "application/json" } })).status);
      }
      record(
        "logout hint",
        (await fetch(`${s.issuer}/protocol/openid-connect/logout?id_token_hint=${v}&client_id=${v}&post_logout_redirect_uri=${v}`, { redirect: "manual" }))
          .status,
      );
      record("interaction uid", (await fetch(`${s.issuer}/login-actions/${v}/login`, { redirect: "manual" })).status);
      record(
        "revoke",
        (await fetch(`${s.issuer}/protocol/openid-connect/revoke`, { method: "POST", body: new URLSearchParams({ token: value, client_id: "sro-web" }) }))
          .status,
      );
    }
  }, 120_000);

  it("answered no identity request with a 5xx", () => {
    expect(statuses.length).toBeGreaterThan(500);
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  });

  it("logged no password, hash, token or SQL", () => {
    const text = log.join("");
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [
      SECRET_PASSWORD,
      "scrypt$",
      adminToken,
      adminToken.split(".")[1]!,
      "Failed query",
      "params:",
      "identity_users",
      "insert into",
      "select ",
    ]) {
      expect(text.includes(secret), `log holds ${secret.slice(0, 30)}`).toBe(false);
    }
  });
});
