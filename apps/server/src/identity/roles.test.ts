import { randomUUID } from "node:crypto";
import { Code } from "@connectrpc/connect";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { capabilitiesOf } from "../platform/auth/capabilities.js";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { startTestServer, type TestServer, type TestUser } from "../test/test-server.js";

/** sro.AccessService's roles and mappings over Connect and REST (docs/permissions.md "Roles and mappings"). */
describe.each(apiTransports)("roles and mappings over %s", (transport) => {
  let t: TestServer;
  let api: GameApi;
  let admin: string;
  const member = async (groups: string[]): Promise<TestUser> => {
    const sub = randomUUID();
    return { sub, username: `u-${sub.slice(0, 8)}`, token: await t.issuer.mint({ sub, preferred_username: `u-${sub.slice(0, 8)}`, groups }) };
  };
  const audited = async (action: string, targetId: string) =>
    (await t.server.database.db.select().from(auditRecords).where(eq(auditRecords.action, action))).filter((r) => r.targetId === targetId);
  const rolesNow = async () => JSON.stringify([await api.ok("ListRoles", {}, admin), await api.ok("ListRoleMappings", {}, admin)]);

  beforeAll(async () => {
    t = await startTestServer();
    api = gameApi(t.url, transport);
    admin = t.users.admin.token;
  });
  afterAll(() => t?.close());

  it("lists the built-in roles with the permission table's capabilities, and today's groups", async () => {
    const { roles } = await api.ok("ListRoles", {}, admin);
    expect(roles.map((r: { name: string }) => r.name)).toEqual(["admin", "moderator", "player", "banned", "gameserver"]);
    const moderator = roles.find((r: { name: string }) => r.name === "moderator");
    expect(moderator.builtIn).toBe(true);
    expect(moderator.capabilities).toEqual(capabilitiesOf("moderator"));
    expect((await api.ok("ListRoleMappings", {}, admin)).mappings).toEqual([
      { groupPath: "/Banned", roles: ["banned"] },
      { groupPath: "/Moderator", roles: ["moderator"] },
      { groupPath: "/Moderator/Admin", roles: ["admin"] },
    ]);
  });

  it("creates, edits and deletes a custom role, each change audited; a member gains and loses its capabilities", async () => {
    const name = `Support ${transport}`;
    const group = `/Support-${transport}`;
    const support = await member([group]);
    expect((await api.call("ListSanctions", {}, support.token)).code).toBe(Code.PermissionDenied);
    const created = await api.ok("CreateRole", { name, description: "Reads", capabilities: [{ name: "sanctions.read", scope: "all" }] }, admin);
    expect(created).toMatchObject({ name, capabilities: [{ name: "sanctions.read", scope: "all" }] });
    await api.ok("SetRoleMapping", { groupPath: group, roles: [name] }, admin);
    expect((await api.call("ListSanctions", {}, support.token)).code).toBe("ok");
    // Every caller reads their own capabilities, whatever their roles hold.
    expect((await api.ok("GetMyCapabilities", {}, support.token)).capabilities).toEqual([
      { name: "capabilities.read-own", scope: "own" },
      { name: "sanctions.read", scope: "all" },
    ]);

    await api.ok("EditRole", { name, description: "Reads operations", capabilities: [{ name: "operations.read", scope: "all" }] }, admin);
    expect((await api.call("ListSanctions", {}, support.token)).code).toBe(Code.PermissionDenied);
    expect((await api.call("GetOperations", {}, support.token)).code).toBe("ok");

    const mapped = await api.call("DeleteRole", { name }, admin);
    expect(mapped).toMatchObject({ code: Code.FailedPrecondition, message: expect.stringContaining(group) });
    await api.ok("DeleteRoleMapping", { groupPath: group }, admin);
    await api.ok("DeleteRole", { name }, admin);
    expect((await api.call("GetOperations", {}, support.token)).code).toBe(Code.PermissionDenied);

    for (const action of ["role.create", "role.edit", "role.delete"]) expect(await audited(action, name), action).toHaveLength(1);
    for (const action of ["role-mapping.create", "role-mapping.delete"]) expect(await audited(action, group), action).toHaveLength(1);
    const [edit] = await audited("role.edit", name);
    expect(edit).toMatchObject({ actorId: t.users.admin.sub, before: { description: "Reads" }, after: { description: "Reads operations" } });
  });

  it("refuses granting what the caller does not hold, for roles and for mappings", async () => {
    const keeper = `Keeper ${transport}`;
    await api.ok("CreateRole", { name: keeper, capabilities: ["roles.read", "roles.edit", "sanctions.read"].map((n) => ({ name: n, scope: "all" })) }, admin);
    await api.ok("SetRoleMapping", { groupPath: `/Keepers-${transport}`, roles: [keeper] }, admin);
    const token = (await member([`/Keepers-${transport}`])).token;
    const before = await rolesNow();
    const wider = await api.call("CreateRole", { name: `Wider ${transport}`, capabilities: [{ name: "chat.channels.edit", scope: "all" }] }, token);
    expect(wider).toMatchObject({ code: Code.PermissionDenied, message: expect.stringContaining("chat.channels.edit (all)") });
    const toAdmin = await api.call("SetRoleMapping", { groupPath: `/Keepers-${transport}`, roles: [keeper, "admin"] }, token);
    expect(toAdmin).toMatchObject({ code: Code.PermissionDenied, message: expect.stringContaining("you do not hold") });
    const selfEdit = await api.call("EditRole", { name: keeper, capabilities: [{ name: "audit.read", scope: "all" }] }, token);
    expect(selfEdit.code).toBe(Code.PermissionDenied);
    expect(await rolesNow()).toBe(before);
    expect((await api.call("CreateRole", { name: `Narrow ${transport}`, capabilities: [{ name: "sanctions.read", scope: "all" }] }, token)).code).toBe("ok");
  });

  it("never leaves no group with every admin capability", async () => {
    const before = await rolesNow();
    const lockOut = (outcome: { code: unknown; message: string }) =>
      expect(outcome).toMatchObject({ code: Code.FailedPrecondition, message: expect.stringContaining("admin") });
    lockOut(await api.call("DeleteRoleMapping", { groupPath: "/Moderator/Admin" }, admin));
    lockOut(await api.call("SetRoleMapping", { groupPath: "/Moderator/Admin", roles: ["moderator"] }, admin));
    expect(await rolesNow()).toBe(before);

    // A custom copy of the admin set on another group: now the old one may go, and the copy cannot shrink.
    const root = `Root ${transport}`;
    await api.ok("CreateRole", { name: root, capabilities: capabilitiesOf("admin") }, admin);
    await api.ok("SetRoleMapping", { groupPath: `/Ops-${transport}`, roles: [root] }, admin);
    await api.ok("DeleteRoleMapping", { groupPath: "/Moderator/Admin" }, admin);
    expect((await api.call("ListRoles", {}, admin)).code).toBe(Code.PermissionDenied);
    const ops = (await member([`/Ops-${transport}`])).token;
    lockOut(await api.call("EditRole", { name: root, capabilities: [{ name: "roles.edit", scope: "all" }] }, ops));
    lockOut(await api.call("DeleteRoleMapping", { groupPath: `/Ops-${transport}` }, ops));
    await api.ok("SetRoleMapping", { groupPath: "/Moderator/Admin", roles: ["admin"] }, ops);
    await api.ok("DeleteRoleMapping", { groupPath: `/Ops-${transport}` }, admin);
  });

  it("keeps the built-in roles: neither deleted nor edited", async () => {
    expect(await api.call("DeleteRole", { name: "moderator" }, admin)).toMatchObject({
      code: Code.FailedPrecondition,
      message: expect.stringContaining("built-in"),
    });
    expect((await api.call("EditRole", { name: "player", capabilities: [] }, admin)).code).toBe(Code.FailedPrecondition);
    expect((await api.call("CreateRole", { name: "admin", capabilities: [] }, admin)).code).toBe(Code.AlreadyExists);
    expect((await api.call("DeleteRole", { name: "never-made" }, admin)).code).toBe(Code.NotFound);
    expect((await api.call("DeleteRoleMapping", { groupPath: "/Never/Mapped" }, admin)).code).toBe(Code.NotFound);
  });

  it.each([
    ["an empty name", { name: "", capabilities: [] }, "name: is required"],
    ["an overlong name", { name: "x".repeat(65), capabilities: [] }, "name: must be 1..64 characters"],
    ["a control character", { name: "Sup\u0007port", capabilities: [] }, "name: must not contain control characters"],
    ["a leading space", { name: " Support", capabilities: [] }, "name: must not start or end with a space"],
    ["an overlong description", { name: "Long", description: "d".repeat(501), capabilities: [] }, "description: must be 0..500 characters"],
    [
      "an unknown capability",
      { name: "Odd", capabilities: [{ name: "sanctions.everything", scope: "all" }] },
      'capabilities[0].name: unknown capability "sanctions.everything"',
    ],
    [
      "a capability twice",
      {
        name: "Twice",
        capabilities: [
          { name: "audit.read", scope: "all" },
          { name: "audit.read", scope: "own" },
        ],
      },
      "capabilities[1].name",
    ],
    ["an unknown scope", { name: "Scope", capabilities: [{ name: "audit.read", scope: "some" }] }, 'capabilities[0].scope: must be "all" or "own"'],
    [
      "'own' where there is none",
      { name: "Own", capabilities: [{ name: "chat.channels.edit", scope: "own" }] },
      'capabilities[0].scope: "chat.channels.edit" has no "own" scope',
    ],
  ])("refuses a role with %s: INVALID_ARGUMENT naming the field, nothing changed", async (_, role, message) => {
    const before = await rolesNow();
    expect(await api.call("CreateRole", role, admin)).toMatchObject({ code: Code.InvalidArgument, message: expect.stringContaining(message) });
    expect(await rolesNow()).toBe(before);
  });

  it.each([
    ["a space around the group", { groupPath: "/Moderator ", roles: ["moderator"] }, "group_path: must not start or end with a space"],
    ["an empty path", { groupPath: "", roles: ["moderator"] }, "group_path: is required"],
    ["a control character in the path", { groupPath: "/Mod\nerator", roles: ["moderator"] }, "group_path: must not contain control characters"],
    ["an overlong path", { groupPath: `/${"g".repeat(255)}`, roles: ["moderator"] }, "group_path: must be 1..255 characters"],
    ["no roles", { groupPath: "/Empty", roles: [] }, "roles: name at least one role"],
    ["an unknown role", { groupPath: "/Odd", roles: ["moderator", "wizard"] }, 'roles[1]: unknown role "wizard"'],
    ["a role twice", { groupPath: "/Twice", roles: ["moderator", "moderator"] }, "roles[1]"],
  ])("refuses a mapping with %s: INVALID_ARGUMENT naming the field, nothing changed", async (_, mapping, message) => {
    const before = await rolesNow();
    expect(await api.call("SetRoleMapping", mapping, admin)).toMatchObject({ code: Code.InvalidArgument, message: expect.stringContaining(message) });
    expect(await rolesNow()).toBe(before);
  });

  it("maps a provider's group names that are not paths (Entra, Okta) as they come", async () => {
    const group = `c0ffee00-${transport}`;
    await api.ok("SetRoleMapping", { groupPath: group, roles: ["moderator"] }, admin);
    expect((await api.call("ListSanctions", {}, (await member([group])).token)).code).toBe("ok");
    await api.ok("DeleteRoleMapping", { groupPath: group }, admin);
  });

  it("writes no audit record for a refused change", async () => {
    const db = t.server.database.db;
    const count = async () => (await db.select().from(auditRecords).where(like(auditRecords.action, "role%"))).length;
    const before = await count();
    await api.call("CreateRole", { name: "", capabilities: [] }, admin);
    await api.call("DeleteRoleMapping", { groupPath: "/Moderator/Admin" }, admin);
    expect(await count()).toBe(before);
  });
});
