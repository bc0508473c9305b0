import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultThrottlePolicy } from "./login-throttle.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, parseForms, redirectTo, TestBrowser, tokenRequest, type Page } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";

const fieldError = (page: Page, field: string) => new RegExp(`id="field-${field}-error">([^<]*)<`).exec(page.body)?.[1];

describe.each(storageBackends)("registration (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;
  let stop: (location: string) => boolean;
  beforeAll(async () => {
    s = await startEmbeddedServer({
      backend,
      identity: { throttle: { ...defaultThrottlePolicy, registrationsPerAddress: { limit: 3, windowSeconds: 3600 } } },
    });
    redirectUri = `${s.url}/`;
    stop = redirectTo(redirectUri);
  });
  afterAll(() => s.close());

  const valid = (n: string) => ({
    username: `runner${n}`,
    email: `runner${n}@example.com`,
    firstName: "Rin",
    lastName: `Runner ${n}`,
    password: "correct horse",
    passwordConfirm: "correct horse",
  });

  it("prompt=create opens the registration page; a new account lands in /Player/Member and is signed in", async () => {
    const browser = new TestBrowser();
    const { url, pkce, state } = authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "create" });
    const page = await browser.navigate(url);
    expect(page.body).toContain("<h1>Create an account</h1>");
    const done = await browser.submit(page, valid("1"), stop);
    expect(done.stoppedAt, done.body.slice(0, 2000)).toContain(`state=${state}`);
    const code = new URL(done.stoppedAt!).searchParams.get("code")!;
    const tokens = await tokenRequest(s.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: "sro-web",
      code_verifier: pkce.verifier,
    });
    expect(decodeJwt(tokens.body.access_token)).toMatchObject({
      preferred_username: "runner1",
      email: "runner1@example.com",
      given_name: "Rin",
      family_name: "Runner 1",
      groups: ["/Player/Member"],
    });
  });

  it("Keycloak's registrations path starts the same registration", async () => {
    const browser = new TestBrowser();
    const { url } = authorizationUrl({ issuer: s.issuer, redirectUri, path: "/protocol/openid-connect/registrations" });
    const page = await browser.navigate(url);
    expect(page.body).toContain("<h1>Create an account</h1>");
    expect((await browser.submit(page, valid("2"), stop)).stoppedAt).toContain("code=");
  });

  it("the login page links to registration within the same request", async () => {
    const browser = new TestBrowser();
    const login = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri }).url);
    const link = /href="([^"]*\/register)"/.exec(login.body)?.[1];
    expect(link).toBeTruthy();
    const register = await browser.navigate(new URL(link!, login.url).href);
    expect(register.body).toContain("<h1>Create an account</h1>");
  });

  it("shows clear field errors and keeps what was typed (never the passwords)", async () => {
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "create" }).url);
    const taken = await browser.submit(page, { ...valid("x"), username: "Admin", email: "PLAYER@sro.local" });
    expect(taken.status).toBe(400);
    expect(fieldError(taken, "username")).toBe("This username is already taken.");
    expect(fieldError(taken, "email")).toBe("An account with this email already exists.");
    expect(parseForms(taken.body, taken.url)[0]!.fields).toMatchObject({ username: "admin", firstName: "Rin", password: "" });

    const weak = await browser.submit(page, { ...valid("y"), password: "short", passwordConfirm: "short" });
    expect(fieldError(weak, "password")).toBe("The password needs at least 8 characters.");
    const mismatch = await browser.submit(page, { ...valid("y"), passwordConfirm: "something else" });
    expect(fieldError(mismatch, "passwordConfirm")).toBe("The passwords do not match.");
    const empty = await browser.submit(page, { username: "", email: "not-an-email", firstName: "", lastName: "", password: "", passwordConfirm: "" });
    expect(fieldError(empty, "username")).toBe("Please enter a username.");
    expect(fieldError(empty, "email")).toMatch(/valid email/);
    expect(fieldError(empty, "firstName")).toBe("Please enter your first name.");
    expect(fieldError(empty, "lastName")).toBe("Please enter your last name.");
    const badName = await browser.submit(page, { ...valid("z"), username: "a b<script>" });
    expect(fieldError(badName, "username")).toMatch(/3–32 characters/);
    expect(badName.body).not.toContain("<script>");
  });

  it("refuses a form without its CSRF token or from a foreign origin", async () => {
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "create" }).url);
    expect((await browser.submit(page, { ...valid("c"), csrf: "forged" })).status).toBe(403);
    expect((await browser.submit(page, valid("c"), undefined, 0, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("limits how many accounts one address creates", async () => {
    // Two accounts were created above; the limit in this suite is three per hour.
    const register = async (n: string) => {
      const browser = new TestBrowser();
      const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "create" }).url);
      return browser.submit(page, valid(n), stop);
    };
    expect((await register("3")).stoppedAt).toContain("code=");
    const refused = await register("4");
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Too many accounts were created from your network");
  });
});
