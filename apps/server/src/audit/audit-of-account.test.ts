import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditService } from "../gen/sro/moderation/audit_pb.js";
import { bearer } from "../test/bearer.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "../test/test-server.js";
import { appendAudit, type AuditActor } from "./audit-trail.js";

/** ListAuditRecords' account_id: the records on one account (the player page), within what the caller may read. */
describe.each(storageBackends)("audit records of one account (%s)", (backend) => {
  let t: TestServer;
  let asAdmin: Client<typeof AuditService>;
  let asModerator: Client<typeof AuditService>;
  const T0 = Date.UTC(2026, 0, 1);
  const PIA = "u-pia";

  const clientFor = (user: TestUser) =>
    createClient(AuditService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(user.token)] }));

  beforeAll(async () => {
    t = await startTestServer({ backend });
    asAdmin = clientFor(t.users.admin);
    asModerator = clientFor(t.users.moderator);
    const actor = (user: TestUser): AuditActor => ({ id: user.sub, name: user.username, requestId: `req-${user.username}`, sourceAddress: "198.51.100.1" });
    const admin = actor(t.users.admin);
    const moderator = actor(t.users.moderator);
    const sanction = (accountId: string) => ({ id: "s", accountId, kind: "mute" });
    const changes: [AuditActor, Parameters<typeof appendAudit>[2]][] = [
      [admin, { action: "user.group.add", targetType: "user", targetId: PIA, before: { groups: [] }, after: { groups: ["/Member"] } }],
      [moderator, { action: "sanction.issue", targetType: "sanction", targetId: "s-1", after: sanction(PIA) }],
      [admin, { action: "sanction.revoke", targetType: "sanction", targetId: "s-1", before: sanction(PIA), after: sanction(PIA) }],
      [moderator, { action: "chat-message.purge", targetType: "account", targetId: PIA, after: { deleted: 3 } }],
      [admin, { action: "user.sessions.end", targetType: "user", targetId: PIA, before: { sessions: 2 } }],
      // Not on the account: another account, its sanction, and a record whose target id happens to match.
      [admin, { action: "user.edit", targetType: "user", targetId: "u-ivy", before: {}, after: {} }],
      [moderator, { action: "sanction.issue", targetType: "sanction", targetId: "s-2", after: sanction("u-ivy") }],
      [admin, { action: "map.edit", targetType: "map", targetId: PIA, before: {}, after: {} }],
    ];
    const db = t.server.database.db;
    for (const [i, [who, change]] of changes.entries()) await db.transaction((tx) => appendAudit(tx, who, change, T0 + i * 60_000));
  });
  afterAll(() => t?.close());

  it("lists the account's own records and its sanctions' for an admin, newest first, with the other filters", async () => {
    const all = await asAdmin.listAuditRecords({ accountId: PIA });
    expect(all.records.map((r) => r.action)).toEqual(["user.sessions.end", "chat-message.purge", "sanction.revoke", "sanction.issue", "user.group.add"]);
    expect(all.total).toBe(5n);
    expect((await asAdmin.listAuditRecords({ accountId: PIA, action: "sanction." })).records.map((r) => r.targetId)).toEqual(["s-1", "s-1"]);
    expect((await asAdmin.listAuditRecords({ accountId: "u-nobody" })).total).toBe(0n);
  });

  it("gives a moderator only their own actions on the account", async () => {
    const own = await asModerator.listAuditRecords({ accountId: PIA });
    expect(own.records.map((r) => r.action)).toEqual(["chat-message.purge", "sanction.issue"]);
    expect(new Set(own.records.map((r) => r.actorId))).toEqual(new Set([t.users.moderator.sub]));
  });

  it("refuses a malformed account_id with INVALID_ARGUMENT naming it, and players altogether", async () => {
    for (const accountId of ["x".repeat(201), "a\u0000b"]) {
      const error = ConnectError.from(await asAdmin.listAuditRecords({ accountId }).catch((e: unknown) => e));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(/^account_id: /);
    }
    const player = clientFor(t.users.player);
    const refused = ConnectError.from(await player.listAuditRecords({ accountId: t.users.player.sub }).catch((e: unknown) => e));
    expect(refused.code).toBe(Code.PermissionDenied);
  });
});
