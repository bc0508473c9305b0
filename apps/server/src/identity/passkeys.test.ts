import { and, asc, eq, like } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/audit-trail.js";
import { auditRecords } from "../audit/schema.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, parseForms, redirectTo, signIn, TestBrowser, tokenRequest, type Page } from "../test/oidc-test-client.js";
import { recoveryCodesOf } from "../test/second-factor-pages.js";
import { sanctionClient } from "../test/sanction-clients.js";
import { passkeyOptionsOf, SoftwareAuthenticator } from "../test/software-authenticator.js";
import { storageBackends } from "../test/test-server.js";
import { createPasskeyStore } from "./passkey-store.js";
import { recoveryCodes, webauthnCredentials } from "./schema.js";

const idOf = (name: string) => demoAccounts.find((a) => a.username === name)!.id;
const formFor = (page: Page, what: string) => parseForms(page.body, page.url).findIndex((f) => f.fields.do === what);
const section = (page: Page) => page.body.slice(page.body.indexOf('id="two-factor"'), page.body.indexOf("</section>", page.body.indexOf('id="two-factor"')));

describe.each(storageBackends)("passkeys at the embedded provider (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;
  const clock = Date.now();
  beforeAll(async () => {
    s = await startEmbeddedServer({ backend, env: { SECOND_FACTOR_GROUPS: "/Moderator,/Moderator/Admin" }, identity: { now: () => clock } });
    redirectUri = `${s.url}/`;
  });
  afterAll(() => s.close());
  const audit = (targetId: string) =>
    s.server.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.targetId, targetId), like(auditRecords.action, "user.passkey.%")))
      .orderBy(asc(auditRecords.id));

  /** Signs in to the account page (a player: the password alone) and adds a passkey there. */
  async function enrolOnAccountPage(username: string, key: SoftwareAuthenticator, name = "Work laptop") {
    const browser = new TestBrowser();
    let page = await browser.submit(await browser.navigate(`${s.issuer}/account`), { username, password: username });
    expect(section(page)).toContain("No passkeys yet.");
    const response = key.register(passkeyOptionsOf(page.body, "register")!, s.url);
    page = await browser.submit(page, { passkeyName: name, response }, undefined, formFor(page, "passkey-add"));
    expect(page.status).toBe(200);
    expect(section(page)).toContain(`Your passkey “${name}” was added.`);
    return { browser, page };
  }

  /** Password, then the passkey on the second-factor page: the tokens (or the page when it refused). */
  async function signInWithPasskey(username: string, answer: (options: string) => string) {
    const browser = new TestBrowser();
    const request = authorizationUrl({ issuer: s.issuer, redirectUri });
    const login = await browser.navigate(request.url, {}, redirectTo(redirectUri));
    const step = await browser.submit(login, { username, password: username }, redirectTo(redirectUri));
    expect(step.body).toContain("Use your passkey");
    const done = await browser.submit(step, { response: answer(passkeyOptionsOf(step.body, "authenticate")!) }, redirectTo(redirectUri));
    if (!done.stoppedAt) return { refused: done };
    const code = new URL(done.stoppedAt).searchParams.get("code")!;
    const tokens = await tokenRequest(s.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: "sro-web",
      code_verifier: request.pkce.verifier,
    });
    return { tokens: tokens.body };
  }

  it("adds a named passkey on the account page with recovery codes, and signs in with it: amr pwd + hwk", async () => {
    const key = new SoftwareAuthenticator();
    const { browser, page } = await enrolOnAccountPage("nova", key);
    expect(recoveryCodesOf(page)).toHaveLength(10);
    const reloaded = await browser.navigate(`${s.issuer}/account`);
    expect(section(reloaded)).toContain(`<strong>Work laptop</strong> · added ${new Date(clock).toISOString().slice(0, 10)}`);
    expect(section(reloaded)).toContain("Recovery codes left: <strong>10</strong>");
    // The same authenticator again is refused by the browser's exclude list; here by the stored credential id.
    const again = await browser.submit(
      reloaded,
      { passkeyName: "Twice", response: key.register(passkeyOptionsOf(reloaded.body, "register")!, s.url) },
      undefined,
      formFor(reloaded, "passkey-add"),
    );
    expect(again.status).toBe(400);
    expect(section(again)).toContain("That passkey is already registered.");
    expect(passkeyOptionsOf(reloaded.body, "register")).toContain(key.id);

    const { tokens } = await signInWithPasskey("nova", (options) => key.authenticate(options, s.url));
    for (const token of [tokens!.id_token!, tokens!.access_token]) expect(decodeJwt(token)).toMatchObject({ amr: ["pwd", "hwk"], acr: "2" });
    const records = await audit(idOf("nova"));
    expect(records.map((r) => r.action)).toEqual(["user.passkey.enrol"]);
    const [stored] = await s.server.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, idOf("nova")));
    expect(stored!.lastUsedAt).not.toBeNull();
    // Neither the public key nor the credential id is in the log.
    expect(JSON.stringify(records)).not.toContain(stored!.publicKey);
    expect(JSON.stringify(records)).not.toContain(key.id);
  });

  it("refuses bad names, answers for another origin or challenge, an unknown key and a counter going backwards", async () => {
    const key = new SoftwareAuthenticator({ counter: 5 });
    const browser = new TestBrowser();
    const page = await browser.submit(await browser.navigate(`${s.issuer}/account`), { username: "rook", password: "rook" });
    const options = passkeyOptionsOf(page.body, "register")!;
    const add = (fields: Record<string, string>) => browser.submit(page, fields, undefined, formFor(page, "passkey-add"));
    const unnamed = await add({ passkeyName: " ", response: key.register(options, s.url) });
    expect([unnamed.status, section(unnamed).includes("Enter a name for the passkey.")]).toEqual([400, true]);
    const long = await add({ passkeyName: "x".repeat(65), response: key.register(options, s.url) });
    expect(section(long)).toContain("The passkey name must be at most 64 characters.");
    const elsewhere = await add({ passkeyName: "Phone", response: key.register(options, "https://evil.example") });
    expect([elsewhere.status, section(elsewhere).includes("The passkey could not be verified.")]).toEqual([400, true]);
    const garbage = await add({ passkeyName: "Phone", response: "{not json" });
    expect(garbage.status).toBe(400);
    expect(await createPasskeyStore(s.server.database.db).list(idOf("rook"))).toEqual([]);
    await add({ passkeyName: "Security key", response: key.register(options, s.url) });

    expect((await signInWithPasskey("rook", (o) => key.authenticate(o, s.url))).tokens).toBeDefined();
    const stranger = new SoftwareAuthenticator();
    const unknown = await signInWithPasskey("rook", (o) => stranger.authenticate(o, s.url));
    expect(unknown.refused!.body).toContain("That passkey could not be verified.");
    const replayedChallenge = await signInWithPasskey("rook", () => key.authenticate(JSON.stringify({ challenge: "AAAA", rpId: "localhost" }), s.url));
    expect(replayedChallenge.refused!.status).toBe(400);
    // A cloned authenticator shows itself by a counter that does not move forward.
    const cloned = await signInWithPasskey("rook", (o) => key.authenticate(o, s.url, { counter: 3 }));
    expect(cloned.refused!.body).toContain("That passkey could not be verified.");
    expect((await signInWithPasskey("rook", (o) => key.authenticate(o, s.url))).tokens).toBeDefined();
  });

  it("removes a passkey only with the password or a current code; the recovery codes go with the last factor", async () => {
    const { browser, page } = await enrolOnAccountPage("ivy", new SoftwareAuthenticator(), "Phone");
    const listed = await browser.navigate(`${s.issuer}/account`);
    expect(formFor(listed, "passkey-remove")).toBeGreaterThanOrEqual(0);
    const id = /<option value="([^"]+)">Phone/.exec(listed.body)![1]!;
    const wrong = await browser.submit(listed, { passkey: id, passkeyProof: "not-it" }, undefined, formFor(listed, "passkey-remove"));
    expect([wrong.status, section(wrong).includes("Enter your password, or the current code from your app.")]).toEqual([400, true]);
    const notMine = await browser.submit(wrong, { passkey: "not-an-id", passkeyProof: "ivy" }, undefined, formFor(wrong, "passkey-remove"));
    expect(section(notMine)).toContain("That passkey is not on your account");
    const removed = await browser.submit(notMine, { passkey: id, passkeyProof: "ivy" }, undefined, formFor(notMine, "passkey-remove"));
    expect(section(removed)).toContain("The passkey was removed.");
    expect(section(removed)).toContain("No passkeys yet.");
    expect(recoveryCodesOf(page)).toHaveLength(10);
    expect(
      await s.server.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, idOf("ivy"))),
    ).toEqual([]);
    expect((await audit(idOf("ivy"))).map((r) => [r.action, r.actorName])).toEqual([
      ["user.passkey.enrol", "ivy"],
      ["user.passkey.remove", "ivy"],
    ]);
    // Without a factor the sign-in asks for nothing more.
    expect(decodeJwt((await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: "ivy", password: "ivy" })).access_token)).toMatchObject({
      amr: ["pwd"],
    });
  });

  it("lets a staff account enrol a passkey at its forced enrolment; its token passes the staff policy", async () => {
    const key = new SoftwareAuthenticator();
    const browser = new TestBrowser();
    const request = authorizationUrl({ issuer: s.issuer, redirectUri });
    const login = await browser.navigate(request.url, {}, redirectTo(redirectUri));
    const setup = await browser.submit(login, { username: "moderator", password: "moderator" }, redirectTo(redirectUri));
    expect(setup.body).toContain("Set up two-factor authentication");
    const passkeyForm = parseForms(setup.body, setup.url).findIndex((f) => f.action.endsWith("/passkey-setup"));
    const shown = await browser.submit(
      setup,
      { passkeyName: "Desk key", response: key.register(passkeyOptionsOf(setup.body, "register")!, s.url) },
      undefined,
      passkeyForm,
    );
    expect(shown.body).toContain("Your passkey is set up.");
    expect(recoveryCodesOf(shown)).toHaveLength(10);
    const done = await browser.submit(shown, {}, redirectTo(redirectUri));
    const code = new URL(done.stoppedAt!).searchParams.get("code")!;
    const tokens = (
      await tokenRequest(s.issuer, {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: "sro-web",
        code_verifier: request.pkce.verifier,
      })
    ).body;
    expect(decodeJwt(tokens.access_token)).toMatchObject({ amr: ["pwd", "hwk"], acr: "2" });
    expect((await sanctionClient(s.url, tokens.access_token).listSanctions({})).sanctions).toBeDefined();

    // An admin resets it at Keycloak's credential paths.
    const admin = await signInWithAdmin();
    const call = (path: string, method = "GET") =>
      fetch(`${s.url}/admin/realms/default/users/${idOf("moderator")}/${path}`, { method, headers: { authorization: `Bearer ${admin}` } });
    const credentials = (await (await call("credentials")).json()) as { id: string; type: string; userLabel: string }[];
    expect(credentials).toEqual([{ id: expect.any(String), type: "webauthn", userLabel: "Desk key", createdDate: clock }]);
    expect((await call(`credentials/${credentials[0]!.id}`, "DELETE")).status).toBe(204);
    expect(await (await call("credentials")).json()).toEqual([]);
    expect((await audit(idOf("moderator"))).map((r) => r.action)).toContain("user.passkey.reset");
    // Without a factor now, the next sign-in is the forced enrolment again.
    const again = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "login" }).url, {}, redirectTo(redirectUri));
    const next = await browser.submit(again, { username: "moderator", password: "moderator" }, redirectTo(redirectUri));
    expect(next.body).toContain("Set up two-factor authentication");
  });

  async function signInWithAdmin(): Promise<string> {
    // The admin enrols a passkey too (the policy names /Moderator/Admin), then uses its token.
    const key = new SoftwareAuthenticator();
    const browser = new TestBrowser();
    const request = authorizationUrl({ issuer: s.issuer, redirectUri });
    const login = await browser.navigate(request.url, {}, redirectTo(redirectUri));
    const setup = await browser.submit(login, { username: "admin", password: "admin" }, redirectTo(redirectUri));
    const passkeyForm = parseForms(setup.body, setup.url).findIndex((f) => f.action.endsWith("/passkey-setup"));
    const shown = await browser.submit(
      setup,
      { passkeyName: "Admin key", response: key.register(passkeyOptionsOf(setup.body, "register")!, s.url) },
      undefined,
      passkeyForm,
    );
    const done = await browser.submit(shown, {}, redirectTo(redirectUri));
    const code = new URL(done.stoppedAt!).searchParams.get("code")!;
    return (
      await tokenRequest(s.issuer, {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: "sro-web",
        code_verifier: request.pkce.verifier,
      })
    ).body.access_token;
  }

  it("the CLI's reset removes every passkey, audited", async () => {
    const store = createPasskeyStore(s.server.database.db, () => clock);
    await enrolOnAccountPage("player", new SoftwareAuthenticator(), "One");
    expect(await store.removeAll({ ...SYSTEM_ACTOR, name: "identity-cli reset-second-factor" }, idOf("player"))).toBe(1);
    expect(await store.list(idOf("player"))).toEqual([]);
    expect((await audit(idOf("player"))).map((r) => r.action)).toEqual(["user.passkey.enrol", "user.passkey.reset"]);
  });
});
