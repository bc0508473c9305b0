/**
 * The API half of scripts/container-check.sh: talks to the containers over plain HTTP, as a REST client would.
 * Tokens come from the embedded provider's real sign-in page (the same scripted browser the server's tests use).
 * The image requires a second factor of staff (SECOND_FACTOR_GROUPS): the first sign-in of an admin enrols an
 * authenticator app as a person would (a TOTP code from the page's setup key) and keeps the recovery codes in
 * CONTAINER_CHECK_STATE; each later sign-in of that account uses one of them.
 *
 *   expect-sign-in-refused <url> <username> <password>
 *   create-map <url> <username> <password> <name>            prints the map id
 *   read-map <url> <username> <password> <id> <name>
 *   cluster <urlA> <urlB> <username> <password> <containerA> a map made on A read on B; a chat message sent on A
 *                                                             arrives on a stream held on B; A stopped → B serves
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import { authorizationUrl, redirectTo, tokenRequest, TestBrowser } from "../apps/server/src/test/oidc-test-client.js";
import { recoveryCodesOf, setupKeyOf } from "../apps/server/src/test/second-factor-pages.js";
import { rest } from "../apps/server/src/test/rest-client.js";

function fail(message: string): never {
  process.stderr.write(`container-check-api: ${message}\n`);
  process.exit(1);
}

/** The issuer is PUBLIC_URL's: read it from the node's discovery document rather than assuming it. */
async function issuerOf(url: string): Promise<string> {
  const response = await fetch(`${url}/realms/default/.well-known/openid-configuration`);
  if (!response.ok) fail(`discovery at ${url} answered ${response.status}`);
  return ((await response.json()) as { issuer: string }).issuer;
}

async function token(url: string, username: string, password: string): Promise<string> {
  const issuer = await issuerOf(url);
  const publicUrl = issuer.replace(/\/realms\/default$/, "");
  return signIn(new TestBrowser(), { issuer, redirectUri: `${publicUrl}/`, username, password }, issuer);
}

/** Recovery codes by account (issuer and username), across this script's runs. */
const statePath = process.env.CONTAINER_CHECK_STATE;
const readState = (): Record<string, string[]> =>
  statePath && existsSync(statePath) ? (JSON.parse(readFileSync(statePath, "utf8")) as Record<string, string[]>) : {};
const writeState = (state: Record<string, string[]>) => statePath && writeFileSync(statePath, JSON.stringify(state));

/** Authorization code + PKCE through the login page, then the second factor's page if one comes; the access token. */
async function signIn(browser: TestBrowser, r: { issuer: string; redirectUri: string; username: string; password: string }, account: string): Promise<string> {
  const request = authorizationUrl({ issuer: r.issuer, redirectUri: r.redirectUri });
  const stop = redirectTo(r.redirectUri);
  const login = await browser.navigate(request.url, {}, stop);
  let page = await browser.submit(login, { username: r.username, password: r.password }, stop);
  const key = `${account} ${r.username}`;
  if (!page.stoppedAt && page.body.includes("Set up two-factor authentication")) {
    const secret = setupKeyOf(page);
    if (!secret) throw new Error("the second-factor setup page shows no setup key");
    const shown = await browser.submit(page, { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() });
    const codes = recoveryCodesOf(shown);
    if (codes.length === 0) throw new Error(`enrolment did not show recovery codes: ${shown.body.slice(0, 300)}`);
    writeState({ ...readState(), [key]: codes });
    page = await browser.submit(shown, {}, stop);
  } else if (!page.stoppedAt && parseFormHasCode(page.body)) {
    const state = readState();
    const code = state[key]?.shift();
    if (!code) throw new Error(`${r.username} is asked for a second factor and no recovery code is left`);
    writeState(state);
    page = await browser.submit(page, { code }, stop);
  }
  if (!page.stoppedAt) throw new Error(`sign-in did not finish: ${page.status} ${page.url}\n${page.body.slice(0, 500)}`);
  const code = new URL(page.stoppedAt).searchParams.get("code");
  if (!code) throw new Error(`no code: ${page.stoppedAt}`);
  const tokens = await tokenRequest(r.issuer, {
    grant_type: "authorization_code",
    code,
    redirect_uri: r.redirectUri,
    client_id: "sro-web",
    code_verifier: request.pkce.verifier,
  });
  if (tokens.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(tokens.body)}`);
  return tokens.body.access_token;
}

const parseFormHasCode = (html: string) => /<input[^>]+name="code"/.test(html);

function subjectOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;
}

async function ok(url: string, method: string, path: string, accessToken: string, body?: unknown): Promise<any> {
  const response = await rest(url, method, path, { token: accessToken, body });
  if (response.status !== 200) fail(`${method} ${url}${path} answered ${response.status}: ${response.text.slice(0, 300)}`);
  return response.json;
}

/** Newline-delimited JSON messages of a REST server stream, as they arrive. */
class NdjsonStream {
  readonly messages: { senderCharacterId?: string; content?: string }[] = [];
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  ended = false;

  static async open(url: string, accessToken: string): Promise<NdjsonStream> {
    const stream = new NdjsonStream();
    const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: stream.abort.signal });
    if (response.status !== 200 || !response.body) fail(`stream ${url} answered ${response.status}: ${await response.text()}`);
    void stream.read(response.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for await (const chunk of body) {
        buffered += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffered.indexOf("\n")) >= 0) {
          const line = buffered.slice(0, newline).trim();
          buffered = buffered.slice(newline + 1);
          if (!line) continue;
          const parsed = JSON.parse(line) as { result?: { senderCharacterId?: string; content?: string } } & { senderCharacterId?: string; content?: string };
          const message = parsed.result ?? parsed;
          if (message.content !== undefined) this.messages.push(message);
        }
        this.notify();
      }
    } catch {
      // aborted
    } finally {
      this.ended = true;
      this.notify();
    }
  }

  async waitForContent(content: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.messages.some((m) => m.content === content)) {
      const left = deadline - Date.now();
      if (left <= 0 || this.ended)
        fail(`the stream did not receive "${content}" within ${timeoutMs} ms (got: ${this.messages.map((m) => m.content).join(" | ") || "nothing"})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

async function cluster(urlA: string, urlB: string, username: string, password: string, containerA: string): Promise<void> {
  const accessToken = await token(urlA, username, password);
  const suffix = Date.now().toString(36);

  const map = await ok(urlA, "POST", "/v1/maps", accessToken, { name: `cluster-${suffix}`, mapPath: `maps/cluster-${suffix}.tmx` });
  const readOnB = await ok(urlB, "GET", `/v1/maps/id/${map.id}`, accessToken);
  if (readOnB.name !== map.name) fail(`node B read map ${map.id} as ${JSON.stringify(readOnB)}`);
  console.log(`map ${map.id} created through A, read through B`);

  const dimension = await ok(urlA, "POST", "/v1/dimensions", accessToken, { name: `cluster-${suffix}`, version: "1.0.0", location: "cluster check" });
  const character = await ok(urlA, "POST", "/v1/characters", accessToken, {
    ownerId: subjectOf(accessToken),
    name: `Check${suffix}`,
    gender: "female",
    realm: "cyborg",
    dimensionId: dimension.id,
  });
  const channel = await ok(urlA, "POST", "/v1/channels", accessToken, { name: `cluster-${suffix}`, public: true });
  const stream = await NdjsonStream.open(`${urlB}/v1/message/channel/id/${channel.id}?characterId=${character.id}&history=true`, accessToken);
  const send = (url: string, content: string) =>
    ok(url, "PUT", `/v1/message/channel/id/${channel.id}`, accessToken, { chatMessage: { senderCharacterId: character.id, content } });
  const first = `sent through A ${suffix}`;
  const sentAt = Date.now();
  await send(urlA, first);
  await stream.waitForContent(first, 10_000);
  console.log(`chat message sent through A arrived on the stream held on B in ${Date.now() - sentAt} ms`);

  execFileSync("podman", ["stop", "-t", "15", containerA], { stdio: "ignore" });
  const ready = await fetch(`${urlB}/readyz`);
  if (ready.status !== 200) fail(`node B /readyz answered ${ready.status} after A stopped`);
  const again = await ok(urlB, "GET", `/v1/maps/id/${map.id}`, accessToken);
  if (again.id !== map.id) fail("node B lost the map after A stopped");
  const second = `sent through B after A stopped ${suffix}`;
  await send(urlB, second);
  await stream.waitForContent(second, 10_000);
  const afterToken = await signInThrough(urlB, username, password);
  await ok(urlB, "GET", `/v1/maps/id/${map.id}`, afterToken);
  stream.close();
  console.log("node A stopped: B still ready, serves reads, chat on its stream, and new sign-ins");
}

/** Signs in through node B directly (the issuer names A, the balancer's stand-in; B serves the same realm). */
async function signInThrough(url: string, username: string, password: string): Promise<string> {
  const issuer = await issuerOf(url);
  const publicUrl = issuer.replace(/\/realms\/default$/, "");
  const browser = new TestBrowser();
  // Requests go to B; the provider's own links and redirects name the issuer (A), so rewrite them to B.
  const original = browser.fetch.bind(browser);
  browser.fetch = (target: string, init?: RequestInit) => original(target.startsWith(publicUrl) ? url + target.slice(publicUrl.length) : target, init);
  return signIn(browser, { issuer: url + "/realms/default", redirectUri: `${publicUrl}/`, username, password }, issuer);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === "expect-sign-in-refused") {
    const [url, username, password] = args as [string, string, string];
    let signedIn = false;
    try {
      await token(url, username, password);
      signedIn = true;
    } catch {
      // refused, as expected
    }
    if (signedIn) fail(`${username}/${password} signed in: demo accounts exist`);
    console.log(`${username}/${password} cannot sign in (no demo accounts)`);
  } else if (command === "create-map") {
    const [url, username, password, name] = args as [string, string, string, string];
    const map = await ok(url, "POST", "/v1/maps", await token(url, username, password), { name, mapPath: `maps/${name}.tmx` });
    console.log(map.id);
  } else if (command === "read-map") {
    const [url, username, password, id, name] = args as [string, string, string, string, string];
    const map = await ok(url, "GET", `/v1/maps/id/${id}`, await token(url, username, password));
    if (map.name !== name) fail(`map ${id} reads as ${JSON.stringify(map)}`);
  } else if (command === "cluster") {
    const [urlA, urlB, username, password, containerA] = args as [string, string, string, string, string];
    await cluster(urlA, urlB, username, password, containerA);
  } else {
    fail(`unknown command ${command ?? ""}`);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
