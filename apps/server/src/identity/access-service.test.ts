import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capabilitiesOf } from "../platform/auth/capabilities.js";
import { apiTransports, gameApi } from "../test/game-api.js";
import { describePermissionMatrix } from "../test/permission-matrix.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/** GetMyCapabilities × every kind of caller: anyone signed in reads their own; no token is UNAUTHENTICATED. */
describePermissionMatrix("AccessService permissions", [
  {
    rpc: "GetMyCapabilities",
    request: () => ({}),
    expected: { anonymous: Code.Unauthenticated, owner: "ok", nonOwner: "ok", moderator: "ok", admin: "ok", banned: "ok", gameserver: "ok" },
  },
]);

describe.each(apiTransports)("GetMyCapabilities over %s (the real server)", (transport) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  const capabilities = async (token: string) => {
    const outcome = await gameApi(t.url, transport).call("GetMyCapabilities", {}, token);
    expect(outcome.code).toBe("ok");
    return outcome.body as { role: string; capabilities: { name: string; scope: string }[] };
  };

  it("answers each caller with its role's set, derived from the permission table", async () => {
    for (const [user, role] of [
      [t.users.moderator, "moderator"],
      [t.users.admin, "admin"],
      [t.users.player, "player"],
      [t.users.banned, "banned"],
    ] as const) {
      expect(await capabilities(user.token)).toEqual({ role, capabilities: capabilitiesOf(role) });
    }
  });

  it("tells a moderator: mutes yes, account bans no, their own audit records only, no direct messages", async () => {
    const moderator = new Map((await capabilities(t.users.moderator.token)).capabilities.map((c) => [c.name, c.scope]));
    expect(moderator.get("sanctions.issue")).toBe("all");
    expect(moderator.get("audit.read")).toBe("own");
    expect(moderator.has("sanctions.account-ban")).toBe(false);
    expect(moderator.has("chat.direct-messages")).toBe(false);
  });
});
