import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";

const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

/**
 * Reads of the users API that answer e-mail addresses leave one `user.read` record per request (docs/identity.md
 * "Admin users API"): who asked, from where, for which ids or with which filter, and how many users it answered;
 * never the addresses.
 */
describe.each(storageBackends)("audit records of users API reads (%s)", (backend) => {
  let s: EmbeddedServer;
  const tokens: Record<string, string> = {};
  const get = (path: string, token: string) =>
    fetch(`${s.url}/admin/realms/default${path}`, { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "192.0.2.44" } });
  const reads = () => s.server.database.db.select().from(auditRecords).where(eq(auditRecords.action, "user.read")).orderBy(asc(auditRecords.id));
  /** The records that `request` added. */
  const recordsOf = async (request: () => Promise<Response>, status = 200) => {
    const before = (await reads()).length;
    const response = await request();
    expect(response.status).toBe(status);
    await response.text();
    return (await reads()).slice(before);
  };

  beforeAll(async () => {
    s = await startEmbeddedServer({ backend, env: { TRUST_PROXY: "true" } });
    for (const name of ["admin", "moderator", "player"]) {
      const a = account(name);
      tokens[name] = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: a.username, password: a.password })).access_token;
    }
  });
  afterAll(() => s.close());

  it("a batch look-up of owners is one record naming the ids asked for, with the caller, and no address", async () => {
    const ids = ["player", "moderator", "banned"].map((name) => account(name).id);
    const records = await recordsOf(() => get(`/users?id=${ids.join(",")}&id=${account("admin").id}`, tokens.admin!));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actorId: account("admin").id,
      actorName: "admin",
      action: "user.read",
      targetType: "user",
      targetId: "",
      sourceAddress: "192.0.2.44",
      before: null,
      after: { ids: [...ids, account("admin").id], answered: 4 },
    });
    expect(records[0]!.requestId).not.toBe("");
    expect(JSON.stringify(records[0])).not.toMatch(/@|sro\.local|password|secret/i);
  });

  it("one user: the user is the target; a search: the filter and the count, by whoever asked", async () => {
    const player = account("player");
    expect(await recordsOf(() => get(`/users/${player.id}`, tokens.moderator!))).toMatchObject([
      { actorId: account("moderator").id, actorName: "moderator", targetId: player.id, after: { ids: [player.id], answered: 1 } },
    ]);
    expect(await recordsOf(() => get(`/users?id=${player.id}`, tokens.admin!))).toMatchObject([
      { targetId: player.id, after: { ids: [player.id], answered: 1 } },
    ]);
    const [search] = await recordsOf(() => get("/users?search=play&max=5", tokens.moderator!));
    expect(search).toMatchObject({ actorName: "moderator", targetId: "", after: { filter: { search: "play", first: 0, max: 5 }, answered: 1 } });
    expect(JSON.stringify(search)).not.toContain("@");
  });

  it("a read of someone's sessions (their addresses) is one record with the count; none when there is no session", async () => {
    const player = account("player");
    const sessionReads = async (path: string, token: string, status = 200) => {
      const before = await s.server.database.db.select().from(auditRecords).where(eq(auditRecords.action, "user.sessions.read"));
      const response = await get(path, token);
      expect(response.status).toBe(status);
      const body = await response.text();
      const after = await s.server.database.db.select().from(auditRecords).where(eq(auditRecords.action, "user.sessions.read"));
      return { body, records: after.slice(before.length) };
    };
    // The beforeAll signed the player in once: one live session.
    const read = await sessionReads(`/users/${player.id}/sessions`, tokens.admin!);
    expect(JSON.parse(read.body)).toHaveLength(1);
    expect(read.records).toMatchObject([
      {
        actorId: account("admin").id,
        action: "user.sessions.read",
        targetType: "user",
        targetId: player.id,
        sourceAddress: "192.0.2.44",
        after: { answered: 1 },
      },
    ]);
    expect(JSON.stringify(read.records)).not.toMatch(/ipAddress|127\.0\.0\.1|::1/);

    expect((await sessionReads(`/users/${account("banned").id}/sessions`, tokens.admin!)).records).toEqual([]);
    expect((await sessionReads(`/users/${player.id}/sessions`, tokens.moderator!, 403)).records).toEqual([]);
  });

  it("writes nothing for reads that answer no address, nobody, or are refused", async () => {
    const player = account("player");
    expect(await recordsOf(() => get("/users/count", tokens.admin!))).toEqual([]);
    expect(await recordsOf(() => get(`/users/${player.id}/groups`, tokens.admin!))).toEqual([]);
    expect(await recordsOf(() => get("/groups", tokens.admin!))).toEqual([]);
    expect(await recordsOf(() => get("/users?search=nobody-by-this-name", tokens.admin!))).toEqual([]);
    expect(await recordsOf(() => get("/users/00000000-0000-4000-8000-000000000000", tokens.admin!), 404)).toEqual([]);
    expect(await recordsOf(() => get("/users?first=x", tokens.admin!), 400)).toEqual([]);
    expect(await recordsOf(() => get("/users", tokens.player!), 403)).toEqual([]);
  });
});
