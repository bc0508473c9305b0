import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../demo/demo-accounts.js";
import { capabilitiesOf } from "../platform/auth/capabilities.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { gameApi, type GameApi } from "../test/game-api.js";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { groupIdOf } from "./group-tree.js";

const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

/**
 * The users API asks the caller's capabilities (docs/permissions.md "Roles and mappings"), not a group's name: a
 * custom "Support" role with the read-only users capability opens the reads to any group mapped to it, and a
 * moderator whose group is mapped to a role without it is refused.
 */
describe.each(storageBackends)("admin users API by roles (%s)", (backend) => {
  let s: EmbeddedServer;
  let api: string;
  let access: GameApi;
  const tokens: Record<string, string> = {};
  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error_description: string }) });

  beforeAll(async () => {
    s = await startEmbeddedServer({ backend });
    api = `${s.url}/admin/realms/default`;
    access = gameApi(s.url, "connect");
    for (const name of ["admin", "moderator", "player"]) {
      const a = account(name);
      tokens[name] = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: a.username, password: a.password })).access_token;
    }
  });
  afterAll(() => s.close());

  it("a player's group mapped to Support (users.read) reads users but changes nothing; unmapped, 403 again", async () => {
    const playerId = account("player").id;
    const adminId = account("admin").id;
    expect((await call("GET", "/users", tokens.player!)).status).toBe(403);
    const support = capabilitiesOf("admin").filter((c) => c.name === "users.read");
    await access.ok("CreateRole", { name: "Support", description: "Reads users", capabilities: support }, tokens.admin);
    await access.ok("SetRoleMapping", { groupPath: "/Player/Member", roles: ["Support"] }, tokens.admin);

    // The same token, the same groups: the role decides.
    const listed = await call("GET", "/users", tokens.player!);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { id: string }[]).map((u) => u.id)).toContain(adminId);
    expect((await call("GET", `/users/${adminId}`, tokens.player!)).status).toBe(200);
    expect((await call("GET", `/users/${adminId}/groups`, tokens.player!)).status).toBe(200);
    expect(await refusal(await call("PUT", `/users/${adminId}`, tokens.player!, { enabled: false }))).toMatchObject({
      status: 403,
      error_description: "changing users needs the capability users.edit (by default /Moderator/Admin)",
    });
    expect(await refusal(await call("GET", `/users/${adminId}/sessions`, tokens.player!))).toMatchObject({
      status: 403,
      error_description: "seeing or ending sessions needs the capability users.sessions (by default /Moderator/Admin)",
    });
    expect(await refusal(await call("GET", `/users/${adminId}/credentials`, tokens.player!))).toMatchObject({
      status: 403,
      error_description: "seeing or resetting second factors needs the capability users.second-factors (by default /Moderator/Admin)",
    });
    expect((await call("GET", `/users/${playerId}`, tokens.admin!)).status).toBe(200);

    await access.ok("DeleteRoleMapping", { groupPath: "/Player/Member" }, tokens.admin);
    expect(await refusal(await call("GET", "/users", tokens.player!))).toMatchObject({
      status: 403,
      error_description: "reading users needs the capability users.read (by default /Moderator)",
    });
  });

  it("a moderator whose group maps to a role without users.read is refused; given it back, reads again", async () => {
    expect((await call("GET", "/users", tokens.moderator!)).status).toBe(200);
    const withoutUsers = capabilitiesOf("moderator").filter((c) => c.name !== "users.read");
    await access.ok("CreateRole", { name: "Chat helper", description: "No users", capabilities: withoutUsers }, tokens.admin);
    await access.ok("SetRoleMapping", { groupPath: "/Moderator", roles: ["Chat helper"] }, tokens.admin);
    expect((await call("GET", "/users", tokens.moderator!)).status).toBe(403);
    expect((await call("GET", `/users/${account("player").id}`, tokens.moderator!)).status).toBe(403);
    // The admin's own group still gives every capability (admins are members of /Moderator/Admin only).
    expect((await call("GET", "/users", tokens.admin!)).status).toBe(200);

    await access.ok("SetRoleMapping", { groupPath: "/Moderator", roles: ["moderator"] }, tokens.admin);
    expect((await call("GET", "/users", tokens.moderator!)).status).toBe(200);
  });

  it("an admin may leave a group while another gives them users.edit, and not the last one that does", async () => {
    const admin = account("admin");
    const signInAdmin = async () =>
      (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: admin.username, password: admin.password })).access_token;
    const keeper = capabilitiesOf("admin").filter((c) => c.name === "users.edit" || c.name === "users.read");
    await access.ok("CreateRole", { name: "Keeper", description: "Changes users", capabilities: keeper }, tokens.admin);
    await access.ok("SetRoleMapping", { groupPath: "/Player/Member", roles: ["Keeper"] }, tokens.admin);
    const member = `/users/${admin.id}/groups/${groupIdOf("/Player/Member")}`;
    expect((await call("PUT", member, tokens.admin!)).status).toBe(204);
    // A group change ends the account's tokens: sign in again, now holding users.edit twice over.
    const token = await signInAdmin();
    expect((await call("DELETE", `/users/${admin.id}/groups/${groupIdOf("/Moderator/Admin")}`, token)).status).toBe(204);
    const last = await call("DELETE", member, await signInAdmin());
    expect(last.status).toBe(400);
    expect(await last.json()).toEqual({ errorMessage: "You cannot leave /Player/Member: you would lose users.edit" });
  });
});
