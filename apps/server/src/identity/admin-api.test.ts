import KcAdminClient from "@keycloak/keycloak-admin-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientName } from "../compat/client-versions.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { groupIdOf } from "./group-tree.js";

const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

describe.each(storageBackends)("admin users API (%s)", (backend) => {
  let s: EmbeddedServer;
  let api: string;
  const tokens: Record<string, string> = {};
  const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${api}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  beforeAll(async () => {
    s = await startEmbeddedServer({ backend });
    api = `${s.url}/admin/realms/default`;
    for (const name of ["admin", "moderator", "player", "banned"]) {
      const a = account(name);
      tokens[name] = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: a.username, password: a.password })).access_token;
    }
  });
  afterAll(() => s.close());

  it("answers 401 without or with a bad token; moderators read (list, get, groups) but never write; others 403", async () => {
    expect((await get("/users")).status).toBe(401);
    expect((await get("/users")).headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await get("/users", "not-a-jwt")).status).toBe(401);
    const [header, payload] = tokens.admin!.split(".");
    expect((await get("/users", `${header}.${payload}.AAAA`)).status).toBe(401);
    for (const name of ["player", "banned"]) {
      expect((await get("/users", tokens[name])).status, name).toBe(403);
      expect((await get(`/users/${account("admin").id}/groups`, tokens[name])).status, name).toBe(403);
    }
    expect((await get("/users", tokens.admin)).status).toBe(200);
    const playerId = account("player").id;
    expect(((await (await get("/users?search=play", tokens.moderator)).json()) as { id: string }[]).map((u) => u.id)).toEqual([playerId]);
    expect(await (await get(`/users/${playerId}`, tokens.moderator)).json()).toMatchObject({ username: "player" });
    expect(((await (await get(`/users/${playerId}/groups`, tokens.moderator)).json()) as { path: string }[]).map((g) => g.path)).toEqual(["/Player/Member"]);
    const banned = groupIdOf("/Banned");
    for (const method of ["PUT", "DELETE"]) {
      const write = await fetch(`${api}/users/${playerId}/groups/${banned}`, { method, headers: { authorization: `Bearer ${tokens.moderator}` } });
      expect(write.status, method).toBe(403);
    }
    expect(((await (await get(`/users/${playerId}/groups`, tokens.admin)).json()) as { path: string }[]).map((g) => g.path)).toEqual(["/Player/Member"]);
  });

  it("lists, searches and finds users the way Keycloak does", async () => {
    const all = (await (await get("/users", tokens.admin)).json()) as { username: string; groups: string[] }[];
    expect(all.map((u) => u.username)).toEqual(demoAccounts.map((a) => a.username).sort());
    expect(all[0]).toMatchObject({
      id: account("admin").id,
      firstName: "Ada",
      lastName: "Admin",
      email: "admin@sro.local",
      enabled: true,
      groups: ["/Moderator/Admin"],
    });
    expect(typeof (all[0] as unknown as { createdTimestamp: number }).createdTimestamp).toBe("number");

    const exact = (await (await get("/users?exact=true&max=1&username=player", tokens.admin)).json()) as { id: string }[];
    expect(exact.map((u) => u.id)).toEqual([account("player").id]);
    expect(await (await get("/users?exact=true&username=play", tokens.admin)).json()).toEqual([]);
    expect(((await (await get("/users?username=oder", tokens.admin)).json()) as unknown[]).length).toBe(1);
    expect(((await (await get("/users?search=ma", tokens.admin)).json()) as { username: string }[]).map((u) => u.username)).toEqual(["moderator"]);
    expect(((await (await get("/users?search=*sro.local*&first=1&max=2", tokens.admin)).json()) as { username: string }[]).map((u) => u.username)).toEqual(
      demoAccounts
        .map((a) => a.username)
        .sort()
        .slice(1, 3),
    );
    expect(await (await get("/users/count?search=*sro*", tokens.admin)).json()).toBe(demoAccounts.length);
  });

  it("refuses paging and filter parameters it cannot read, naming them, instead of quietly using defaults", async () => {
    const playerId = account("player").id;
    const refusals: [string, string][] = [
      ["/users?first=abc", "The first parameter must be a whole number, 0 or more (or -1 for the default)"],
      ["/users?max=-5", "The max parameter must be a whole number, 0 or more (or -1 for the default)"],
      ["/users?max=1.5", "The max parameter must be a whole number, 0 or more (or -1 for the default)"],
      ["/users?max=99999999999999999999", "The max parameter must be a whole number, 0 or more (or -1 for the default)"],
      ["/users/count?enabled=yes", "The enabled parameter must be true or false"],
      ["/users?exact=1&username=player", "The exact parameter must be true or false"],
      [`/users/${playerId}/groups?first=`, "The first parameter must be a whole number, 0 or more (or -1 for the default)"],
    ];
    for (const [path, message] of refusals) {
      const response = await get(path, tokens.admin);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ error: "invalid_request", error_description: message });
    }
    // Keycloak's -1 means its default; max above the page size is cut to 1,000; enabled=false filters.
    const everyone = (await (await get("/users?first=-1&max=-1", tokens.admin)).json()) as unknown[];
    expect(everyone.length).toBe(demoAccounts.length);
    expect(((await (await get("/users?max=100000", tokens.admin)).json()) as unknown[]).length).toBe(demoAccounts.length);
    expect(await (await get("/users/count?enabled=false", tokens.admin)).json()).toBe(0);
  });

  it("looks up many users in one request (our addition: repeated id)", async () => {
    const ids = [account("player").id, account("banned").id, "00000000-0000-4000-8000-00000000dead", "not-a-uuid"];
    const response = await get(`/users?${ids.map((id) => `id=${id}`).join("&")}`, tokens.admin);
    const users = (await response.json()) as { username: string; groups: string[] }[];
    expect(users.map((u) => [u.username, u.groups])).toEqual([
      ["banned", ["/Banned"]],
      ["player", ["/Player/Member"]],
    ]);
    const tooMany = Array.from({ length: 101 }, () => `id=${account("player").id}`).join("&");
    expect((await get(`/users?${tooMany}`, tokens.admin)).status).toBe(400);
  });

  it("reads one user and its groups; changes memberships with PUT and DELETE", async () => {
    const playerId = account("player").id;
    expect(await (await get(`/users/${playerId}`, tokens.admin)).json()).toMatchObject({ username: "player" });
    expect((await get("/users/00000000-0000-4000-8000-00000000dead", tokens.admin)).status).toBe(404);
    expect(await (await get(`/users/${playerId}/groups`, tokens.admin)).json()).toEqual([
      { id: groupIdOf("/Player/Member"), name: "Member", path: "/Player/Member", parentId: groupIdOf("/Player"), subGroups: [] },
    ]);
    const banned = groupIdOf("/Banned");
    const change = (method: string, token = tokens.admin) =>
      fetch(`${api}/users/${playerId}/groups/${banned}`, { method, headers: { authorization: `Bearer ${token}` } });
    expect((await change("PUT", tokens.moderator)).status).toBe(403);
    expect((await change("PUT")).status).toBe(204);
    expect((await change("PUT")).status).toBe(204);
    const paths = async () => ((await (await get(`/users/${playerId}/groups`, tokens.admin)).json()) as { path: string }[]).map((g) => g.path);
    expect(await paths()).toEqual(["/Banned", "/Player/Member"]);
    expect((await change("DELETE")).status).toBe(204);
    expect(await paths()).toEqual(["/Player/Member"]);
    expect(
      (
        await fetch(`${api}/users/${playerId}/groups/00000000-0000-4000-8000-00000000dead`, {
          method: "PUT",
          headers: { authorization: `Bearer ${tokens.admin}` },
        })
      ).status,
    ).toBe(404);
  });

  it("lists the group tree", async () => {
    const tree = (await (await get("/groups", tokens.admin)).json()) as { path: string; subGroups: { path: string }[] }[];
    expect(tree.map((g) => [g.path, g.subGroups.map((c) => c.path)])).toEqual([
      ["/Banned", []],
      ["/Moderator", ["/Moderator/Admin"]],
      ["/Player", ["/Player/Member"]],
    ]);
  });

  it("answers CORS preflights for the SPA's origin only", async () => {
    const preflight = (origin: string) =>
      fetch(`${api}/users`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      });
    const ok = await preflight(s.url);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(s.url);
    expect(ok.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    const foreign = await preflight("https://evil.example");
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect((await get("/users", tokens.admin, { origin: s.url })).headers.get("access-control-allow-origin")).toBe(s.url);
  });

  it("revokes access at once when an admin is taken out of the admin group (token still valid)", async () => {
    const moderatorId = account("moderator").id;
    const group = groupIdOf("/Moderator/Admin");
    const { createUserStore } = await import("./user-store.js");
    const { SYSTEM_ACTOR } = await import("../audit/audit-trail.js");
    await createUserStore(s.server.database.db).addToGroup(SYSTEM_ACTOR, moderatorId, group);
    const other = await signIn(new TestBrowser(), {
      issuer: s.issuer,
      redirectUri: `${s.url}/`,
      username: "moderator",
      password: account("moderator").password,
    });
    const write = () => fetch(`${api}/users/${moderatorId}`, { method: "PUT", headers: { authorization: `Bearer ${other.access_token}` }, body: "{}" });
    expect((await write()).status).toBe(400); // an admin: past the access check
    expect(
      (await fetch(`${api}/users/${moderatorId}/groups/${group}`, { method: "DELETE", headers: { authorization: `Bearer ${tokens.admin}` } })).status,
    ).toBe(204);
    // The old token is revoked (as on every rpc); a new one carries the groups without admin.
    const refused = await write();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error_description: string }).error_description).toContain("revoked");
    const demoted = await signIn(new TestBrowser(), {
      issuer: s.issuer,
      redirectUri: `${s.url}/`,
      username: "moderator",
      password: account("moderator").password,
    });
    const again = await fetch(`${api}/users/${moderatorId}`, { method: "PUT", headers: { authorization: `Bearer ${demoted.access_token}` }, body: "{}" });
    expect(again.status).toBe(403);
  });

  it("refuses an admin locking themselves out: disabling their own account, leaving the admin group, banning themselves", async () => {
    const adminId = account("admin").id;
    const auth = { authorization: `Bearer ${tokens.admin}` };
    const disable = await fetch(`${api}/users/${adminId}`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: '{"enabled":false}',
    });
    expect(disable.status).toBe(400);
    expect(await disable.json()).toEqual({ errorMessage: "You cannot disable your own account" });
    const leave = await fetch(`${api}/users/${adminId}/groups/${groupIdOf("/Moderator/Admin")}`, { method: "DELETE", headers: auth });
    expect(leave.status).toBe(400);
    expect(await leave.json()).toEqual({ errorMessage: "You cannot leave /Moderator/Admin: you would lose users.edit" });
    const ban = await fetch(`${api}/users/${adminId}/groups/${groupIdOf("/Banned")}`, { method: "PUT", headers: auth });
    expect(ban.status).toBe(400);
    expect(await ban.json()).toEqual({ errorMessage: "You cannot ban yourself" });
    // Nothing changed: still enabled, still admin.
    const me = (await (await get(`/users/${adminId}`, tokens.admin)).json()) as { enabled: boolean; groups: string[] };
    expect(me.enabled).toBe(true);
    expect(me.groups).toContain("/Moderator/Admin");
    expect(me.groups).not.toContain("/Banned");
    // Enabling oneself (a no-op) is still fine.
    const enable = await fetch(`${api}/users/${adminId}`, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: '{"enabled":true}',
    });
    expect(enable.status).toBe(204);
  });

  it(`works with ${clientName("@keycloak/keycloak-admin-client")}: find by exact username, list, get one, a user's groups`, async () => {
    const client = new KcAdminClient({ baseUrl: s.url, realmName: "default" });
    client.setAccessToken(tokens.admin!);
    const [player] = await client.users.find({ username: "player", exact: true, max: 1 });
    expect(player).toMatchObject({
      id: account("player").id,
      username: "player",
      firstName: "Pia",
      lastName: "Player",
      email: "player@sro.local",
      enabled: true,
    });
    const groups = await client.users.listGroups({ id: player!.id! });
    expect(groups.map((g) => g.path)).toEqual(["/Player/Member"]);
    expect(await client.users.findOne({ id: account("moderator").id })).toMatchObject({ username: "moderator" });
    expect((await client.users.find({ search: "ban" })).map((u) => u.username)).toEqual(["banned"]);
    expect((await client.users.find()).map((u) => u.username)).toEqual(demoAccounts.map((a) => a.username).sort());
    expect(await client.users.count()).toBe(demoAccounts.length);
    await client.users.addToGroup({ id: player!.id!, groupId: groupIdOf("/Banned") });
    expect((await client.users.listGroups({ id: player!.id! })).map((g) => g.path)).toEqual(["/Banned", "/Player/Member"]);
    await client.users.delFromGroup({ id: player!.id!, groupId: groupIdOf("/Banned") });
    expect((await client.groups.find()).map((g) => g.path)).toEqual(["/Banned", "/Moderator", "/Player"]);
    // The ban revoked the player's token of before it (401); a new one is simply not enough (403).
    client.setAccessToken(tokens.player!);
    await expect(client.users.find()).rejects.toThrow(/401|Unauthorized/);
    const fresh = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "player", password: account("player").password });
    client.setAccessToken(fresh.access_token);
    await expect(client.users.find()).rejects.toThrow(/403|Forbidden/);
  });
});
