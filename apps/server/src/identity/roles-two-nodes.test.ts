import { randomUUID } from "node:crypto";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gameApi } from "../test/game-api.js";
import { startTwoNodes, twoNodesAvailable, type TwoNodes } from "../test/two-nodes.js";

/**
 * Roles are resolved from each node's copy; a change made through node A reaches node B over the bus, with no call
 * on B reading the database for it. Runs when NATS_URL and DATABASE_URL are set.
 */
describe.skipIf(!twoNodesAvailable)("roles across two nodes (NATS + PostgreSQL)", () => {
  let nodes: TwoNodes;
  beforeAll(async () => {
    nodes = await startTwoNodes();
  });
  afterAll(() => nodes?.close());

  it("a role and mapping created on A grant on B, and their removal takes the grant away on B", async () => {
    const { a, b } = nodes;
    const onA = gameApi(a.url, "connect");
    const onB = gameApi(b.url, "connect");
    const sub = randomUUID();
    const support = await b.issuer.mint({ sub, preferred_username: "support", groups: ["/Support"] });
    // B has resolved /Support (no role mapped: player) before the change: its copy must be replaced, not read late.
    expect((await onB.call("ListSanctions", {}, support)).code).toBe(Code.PermissionDenied);

    await onA.ok("CreateRole", { name: "Support", capabilities: [{ name: "sanctions.read", scope: "all" }] }, a.users.admin.token);
    await onA.ok("SetRoleMapping", { groupPath: "/Support", roles: ["Support"] }, a.users.admin.token);
    await vi.waitFor(async () => expect((await onB.call("ListSanctions", {}, support)).code).toBe("ok"), { timeout: 15_000 });

    await onA.ok("DeleteRoleMapping", { groupPath: "/Support" }, a.users.admin.token);
    await vi.waitFor(async () => expect((await onB.call("ListSanctions", {}, support)).code).toBe(Code.PermissionDenied), { timeout: 15_000 });
    expect((await onB.ok("ListRoles", {}, b.users.admin.token)).roles.map((r: { name: string }) => r.name)).toContain("Support");
  });
});
