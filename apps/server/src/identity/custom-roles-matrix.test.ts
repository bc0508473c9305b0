import { randomUUID } from "node:crypto";
import { getOption, type JsonObject } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { http } from "../gen/google/api/annotations_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capabilitiesOf, capabilityNames, capabilityOfRpc, type CapabilityName } from "../platform/auth/capabilities.js";
import { publicRpcs } from "../platform/auth/permissions.js";
import { apiTransports, gameApi, gameServices, type GameApi } from "../test/game-api.js";
import { insertCharacter, insertDimension } from "../test/game-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/**
 * The permission matrix over custom roles: every unary rpc of the game services, called by a member of each custom
 * role, is refused with PERMISSION_DENIED before its handler exactly when the role lacks the rpc's capability.
 * "Support" reads only; "Senior moderator" is a moderator who also issues account bans.
 */
const support = capabilityNames.filter((n) => /\.(read|browse|list)$/.test(n) || n === "capabilities.read-own");
const customRoles = {
  Support: capabilitiesOf("admin").filter((c) => support.includes(c.name)),
  "Senior moderator": [...capabilitiesOf("moderator"), { name: "sanctions.account-ban" as CapabilityName, scope: "all" as const }],
};
const unaryMethods = gameServices.flatMap((s) => s.methods.filter((m) => m.methodKind === "unary"));

/** An empty request but for the fields a REST path binds (a missing one would fail the binding, not the rule). */
function requestFor(method: (typeof unaryMethods)[number]): JsonObject {
  const rule = getOption(method, http);
  const path = rule.pattern.case && rule.pattern.case !== "custom" ? rule.pattern.value : "";
  const request: JsonObject = {};
  for (const [, field] of path.matchAll(/\{([^}=]+)/g)) {
    const parts = field!.split(".").map((p) => p.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()));
    let target = request;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as JsonObject;
    target[parts.at(-1)!] = randomUUID();
  }
  return request;
}

describe.each(storageBackends)("custom roles' permission matrix (%s)", (backend) => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestServer({ backend });
    const api = gameApi(t.url, "connect");
    for (const [name, capabilities] of Object.entries(customRoles)) {
      await api.ok("CreateRole", { name, capabilities }, t.users.admin.token);
      const group = `/Staff/${name}`;
      await api.ok("SetRoleMapping", { groupPath: group, roles: [name] }, t.users.admin.token);
      const sub = randomUUID();
      tokens[name] = await t.issuer.mint({ sub, preferred_username: name, groups: [group] });
    }
  });
  afterAll(() => t?.close());

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    beforeAll(() => {
      api = gameApi(t.url, transport);
    });

    it.each(Object.keys(customRoles))("%s: denied exactly the rpcs whose capability the role lacks", async (role) => {
      const held = new Set(customRoles[role as keyof typeof customRoles].map((c) => c.name));
      const actual: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const method of unaryMethods) {
        const rpc = `${method.parent.typeName}/${method.name}`;
        if (publicRpcs.has(rpc)) continue;
        const outcome = await api.call(method.name, requestFor(method), tokens[role]);
        const denied = outcome.code === Code.PermissionDenied && outcome.message.includes("may not call");
        actual[rpc] = denied ? "deny" : "passes";
        expected[rpc] = held.has(capabilityOfRpc.get(rpc)!) ? "passes" : "deny";
      }
      expect(actual).toEqual(expected);
    });
  });

  it("a senior moderator issues an account ban; a moderator may not", async () => {
    const api = gameApi(t.url, "connect");
    const db = t.server.database.db;
    await insertCharacter(db, t.users.player.sub, await insertDimension(db));
    const ban = { accountId: t.users.player.sub, kind: "SANCTION_KIND_BAN", scope: "SANCTION_SCOPE_EVERYWHERE", reason: "fraud", durationSeconds: "3600" };
    expect((await api.call("IssueSanction", ban, t.users.moderator.token)).code).toBe(Code.PermissionDenied);
    expect((await api.call("IssueSanction", ban, tokens["Senior moderator"])).code).toBe("ok");
  });
});
