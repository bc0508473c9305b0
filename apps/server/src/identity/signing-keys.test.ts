import { decodeProtectedHeader } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, TestBrowser, tokenRequest } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { createSigningKey, listSigningKeys, retireOlderSigningKeys } from "./signing-keys.js";

const certs = async (s: EmbeddedServer) =>
  ((await (await fetch(`${s.issuer}/protocol/openid-connect/certs`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
const userinfo = (s: EmbeddedServer, token: string) => fetch(`${s.issuer}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${token}` } });
/** An RPC through the REST gateway: proves the game API accepts the token (401 if not). */
const rpc = (s: EmbeddedServer, token: string) => fetch(`${s.url}/v1/channels`, { headers: { authorization: `Bearer ${token}` } });

describe.each(storageBackends)("signing keys survive restarts and rotate (%s)", (backend) => {
  const running: EmbeddedServer[] = [];
  afterAll(async () => {
    for (const s of running.splice(0)) await s.close().catch(() => {});
  });

  // Four server starts inside the test (it is about restarts): up to a minute each on a busy 2-core machine, so the
  // limit only catches a hang.
  it("keeps the key across a restart: same kid, old tokens still verify, sessions and refresh tokens too", { timeout: 480_000 }, async () => {
    const first = await startEmbeddedServer({ backend, persistent: true });
    running.push(first);
    const redirectUri = `${first.url}/`;
    const tokens = await signIn(new TestBrowser(), { issuer: first.issuer, redirectUri, username: "admin", password: "admin" });
    const kid = decodeProtectedHeader(tokens.access_token).kid;
    expect(await certs(first)).toEqual([kid]);
    expect((await rpc(first, tokens.access_token)).status).toBe(200);
    await first.close({ keep: true });
    running.pop();

    const second = await startEmbeddedServer({ backend, restartOf: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, port: first.port } });
    running.push(second);
    expect(await certs(second)).toEqual([kid]);
    expect((await userinfo(second, tokens.access_token)).status).toBe(200);
    expect((await rpc(second, tokens.access_token)).status).toBe(200);
    const refreshed = await tokenRequest(second.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(refreshed.status).toBe(200);
    expect(decodeProtectedHeader(refreshed.body.access_token).kid).toBe(kid);

    // Rotation: a new key signs after the next restart; the old one keeps verifying until retired.
    const db = second.server.database.db;
    const newKid = await createSigningKey(db);
    await second.close({ keep: true });
    running.pop();
    const third = await startEmbeddedServer({ backend, restartOf: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, port: first.port } });
    running.push(third);
    expect(await certs(third)).toEqual([newKid, kid]);
    const fresh = await signIn(new TestBrowser(), { issuer: third.issuer, redirectUri, username: "moderator", password: "moderator" });
    expect(decodeProtectedHeader(fresh.access_token).kid).toBe(newKid);
    expect((await rpc(third, tokens.access_token)).status).toBe(200);

    expect(await retireOlderSigningKeys(third.server.database.db)).toBe(1);
    expect((await listSigningKeys(third.server.database.db)).map((k) => [k.kid, k.retiredAt !== null])).toEqual([
      [newKid, false],
      [kid, true],
    ]);
    await third.close({ keep: true });
    running.pop();
    const fourth = await startEmbeddedServer({ backend, restartOf: { dataDir: first.dataDir, databaseUrl: first.databaseUrl, port: first.port } });
    running.push(fourth);
    expect(await certs(fourth)).toEqual([newKid]);
    expect((await rpc(fourth, tokens.access_token)).status).toBe(401);
    expect((await rpc(fourth, fresh.access_token)).status).toBe(200);
  });
});
