import { fromBinary, fromJson, toBinary, toJson, type JsonObject } from "@bufbuild/protobuf";
import { credentials, Client, Metadata, type ServiceError } from "@grpc/grpc-js";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../../test/bearer.js";
import { insertChannel, insertMessage } from "../../test/chat-fixtures.js";
import { gameApi, methodOf, type Outcome } from "../../test/game-api.js";
import { insertCharacter, insertDimension } from "../../test/game-fixtures.js";
import { STAFF_AMR } from "../../test/test-issuer.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { STEP_UP_MARKER } from "./step-up.js";

/**
 * Destructive rpcs need a recent sign-in (docs/permissions.md "Step-up"): refused with a stale `auth_time`, allowed
 * with a fresh one, and nothing written by a refusal — over Connect, REST, gRPC-web and native gRPC (@grpc/grpc-js).
 */
type Transport = "connect" | "rest" | "grpc-web" | "grpc";
const transports: Transport[] = ["connect", "rest", "grpc-web", "grpc"];

/** Native gRPC over h2c with @grpc/grpc-js, the messages encoded from the same descriptors. */
function callGrpc(client: Client, rpc: string, request: JsonObject, token: string): Promise<Outcome> {
  const method = methodOf(rpc);
  const metadata = new Metadata();
  metadata.set("authorization", `Bearer ${token}`);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      `/${method.parent.typeName}/${method.name}`,
      (m: unknown) => Buffer.from(toBinary(method.input, m as never)),
      (b: Buffer) => fromBinary(method.output, b),
      fromJson(method.input, request),
      metadata,
      {},
      (error: ServiceError | null, value?: unknown) =>
        resolve(
          error
            ? { code: error.code as number as Code, message: error.details, body: undefined }
            : { code: "ok", message: "", body: toJson(method.output, value as never) },
        ),
    );
  });
}

async function callGrpcWeb(baseUrl: string, rpc: string, request: JsonObject, token: string): Promise<Outcome> {
  const method = methodOf(rpc);
  const client = createClient(method.parent, createGrpcWebTransport({ baseUrl, httpVersion: "1.1", interceptors: [bearer(token)] })) as unknown as Record<
    string,
    (req: unknown) => Promise<unknown>
  >;
  try {
    const response = await client[method.localName]!(fromJson(method.input, request));
    return { code: "ok", message: "", body: toJson(method.output, response as never) };
  } catch (error) {
    const e = ConnectError.from(error);
    return { code: e.code, message: e.rawMessage, body: undefined };
  }
}

describe("step-up for destructive rpcs", () => {
  let t: TestServer;
  let grpc: Client;
  let dimension: string;
  const now = () => Math.floor(Date.now() / 1000);
  /** The admin's token, signed in `ageSeconds` ago (undefined: a token that does not say when). */
  const adminSignedIn = (ageSeconds: number | undefined) =>
    t.issuer.mint({
      sub: t.users.admin.sub,
      preferred_username: "admin",
      groups: ["/Moderator", "/Moderator/Admin"],
      amr: STAFF_AMR,
      auth_time: ageSeconds === undefined ? undefined : now() - ageSeconds,
    });
  const call = (transport: Transport, rpc: string, request: JsonObject, token: string) =>
    transport === "grpc-web"
      ? callGrpcWeb(t.url, rpc, request, token)
      : transport === "grpc"
        ? callGrpc(grpc, rpc, request, token)
        : gameApi(t.url, transport).call(rpc, request, token);
  const expectStepUp = (outcome: Outcome) => {
    expect(outcome.code).toBe(Code.PermissionDenied);
    expect(outcome.message).toBe(`${STEP_UP_MARKER}: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.`);
  };
  const accountBan = (accountId: string) => ({
    kind: "SANCTION_KIND_BAN",
    scope: "SANCTION_SCOPE_EVERYWHERE",
    accountId,
    durationSeconds: "3600",
    reason: "Cheating",
  });

  beforeAll(async () => {
    t = await startTestServer();
    grpc = new Client(new URL(t.url).host, credentials.createInsecure());
    dimension = await insertDimension(t.server.database.db);
  });
  afterAll(async () => {
    grpc?.close();
    await t.close();
  });

  describe.each(transports)("over %s", (transport) => {
    it("an account ban: refused 6 minutes after the sign-in (nothing issued), issued within 5", async () => {
      const target = await t.newPlayer();
      await insertCharacter(t.server.database.db, target.sub, dimension);
      for (const stale of [await adminSignedIn(360), await adminSignedIn(undefined)])
        expectStepUp(await call(transport, "IssueSanction", accountBan(target.sub), stale));
      const listed = await call(transport, "ListSanctions", { accountId: target.sub }, await adminSignedIn(360));
      expect(listed.code).toBe("ok");
      expect(listed.body.sanctions ?? []).toEqual([]);
      const issued = await call(transport, "IssueSanction", accountBan(target.sub), await adminSignedIn(240));
      expect(issued.code, issued.message).toBe("ok");
      expect(issued.body).toMatchObject({ kind: "SANCTION_KIND_BAN", accountId: target.sub });
    });

    it("a mute needs no step-up; a moderator's account ban stays refused as admins' only", async () => {
      const target = await t.newPlayer();
      const character = await insertCharacter(t.server.database.db, target.sub, dimension);
      const mute = { kind: "SANCTION_KIND_MUTE", scope: "SANCTION_SCOPE_EVERYWHERE", characterId: character, durationSeconds: "60", reason: "Spam" };
      expect((await call(transport, "IssueSanction", mute, await adminSignedIn(3600))).code).toBe("ok");
      const moderator = await t.issuer.mint({ sub: t.users.moderator.sub, groups: ["/Moderator"], amr: STAFF_AMR, auth_time: now() - 3600 });
      const refused = await call(transport, "IssueSanction", accountBan(target.sub), moderator);
      expect(refused).toMatchObject({ code: Code.PermissionDenied, message: "permission denied: only admins issue or revoke account bans" });
    });

    it("a purge: refused with a stale sign-in (messages kept), done with a fresh one", async () => {
      const db = t.server.database.db;
      const owner = await t.newPlayer();
      const character = await insertCharacter(db, owner.sub, dimension);
      await insertMessage(db, await insertChannel(db, { public: true }), character, Date.now(), "spam");
      const purge = { characterId: character, reason: "Spam" };
      expectStepUp(await call(transport, "PurgeChatMessages", purge, await adminSignedIn(301)));
      const moderator = await t.issuer.mint({ sub: t.users.moderator.sub, groups: ["/Moderator"], amr: STAFF_AMR, auth_time: now() - 301 });
      expectStepUp(await call(transport, "PurgeChatMessages", purge, moderator));
      const kept = await call(transport, "SearchChatMessages", { sender: character }, await adminSignedIn(0));
      expect(kept.code, kept.message).toBe("ok");
      expect(kept.body.messages).toHaveLength(1);
      const purged = await call(transport, "PurgeChatMessages", purge, await adminSignedIn(10));
      expect(purged.code, purged.message).toBe("ok");
    });

    it("role and mapping changes: refused with a stale sign-in, done with a fresh one", async () => {
      const name = `Support ${transport}`;
      const role = { name, description: "Reads", capabilities: [{ name: "sanctions.read", scope: "all" }] };
      expectStepUp(await call(transport, "CreateRole", role, await adminSignedIn(600)));
      expect((await call(transport, "CreateRole", role, await adminSignedIn(5))).code).toBe("ok");
      const mapping = { groupPath: `/Support-${transport}`, roles: [name] };
      expectStepUp(await call(transport, "SetRoleMapping", mapping, await adminSignedIn(600)));
      expect((await call(transport, "SetRoleMapping", mapping, await adminSignedIn(5))).code).toBe("ok");
      expectStepUp(await call(transport, "DeleteRoleMapping", { groupPath: mapping.groupPath }, await adminSignedIn(600)));
      expect((await call(transport, "DeleteRoleMapping", { groupPath: mapping.groupPath }, await adminSignedIn(5))).code).toBe("ok");
      expectStepUp(await call(transport, "DeleteRole", { name }, await adminSignedIn(600)));
      // Reads need none.
      expect((await call(transport, "ListRoles", {}, await adminSignedIn(600))).code).toBe("ok");
    });

    it("a caller who may not make the call at all hears that, not a step-up", async () => {
      const player = await t.issuer.mint({ sub: t.users.player.sub, groups: ["/Player/Member"], auth_time: now() - 3600 });
      const refused = await call(transport, "CreateRole", { name: "X", capabilities: [] }, player);
      expect(refused.code).toBe(Code.PermissionDenied);
      expect(refused.message).not.toContain(STEP_UP_MARKER);
    });
  });
});
