import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditService } from "../gen/sro/moderation/audit_pb.js";
import { bearer } from "../test/bearer.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "../test/test-server.js";
import { auditRecords } from "./schema.js";

/**
 * An export of the audit log (ListAuditRecords with for_export, the console's "Export CSV") leaves one
 * `audit.export` record on its first page, with the caller, the filter it ran with and the total; its further pages
 * and plain lists leave none (docs/moderation.md "Audit log").
 */
describe.each(storageBackends)("audit records of audit exports (%s)", (backend) => {
  let t: TestServer;
  const exports = () => t.server.database.db.select().from(auditRecords).where(eq(auditRecords.action, "audit.export")).orderBy(asc(auditRecords.id));

  const clientFor = (user: TestUser) =>
    createClient(AuditService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(user.token)] }));
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => "ok",
      (error: unknown) => ConnectError.from(error).code,
    );

  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(() => t?.close());

  it("over Connect: one record per export, on its first page only; a plain list none", async () => {
    const admin = clientFor(t.users.admin);
    const before = (await exports()).length;
    await admin.listAuditRecords({ action: "role-mapping.", limit: 500 });
    expect(await exports()).toHaveLength(before);

    const first = await admin.listAuditRecords({ action: "role-mapping.", toMs: 9_000_000_000_000n, limit: 500, forExport: true });
    await admin.listAuditRecords({ action: "role-mapping.", toMs: 9_000_000_000_000n, limit: 500, offset: 500, forExport: true });
    const added = (await exports()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorId: t.users.admin.sub,
      actorName: t.users.admin.username,
      targetType: "audit",
      targetId: "",
      before: null,
      after: { filter: { actionPrefix: "role-mapping.", toMs: 9_000_000_000_000 }, total: Number(first.total) },
    });
    expect(added[0]!.requestId).not.toBe("");
  });

  it("over REST: for_export in the query", async () => {
    const before = (await exports()).length;
    const listed = await rest(t.url, "GET", "/v1/audit?action=role-mapping.&forExport=true", { token: t.users.admin.token });
    expect(listed.status).toBe(200);
    expect((await exports()).slice(before)).toMatchObject([{ actorId: t.users.admin.sub, after: { filter: { actionPrefix: "role-mapping." } } }]);
  });

  it("a moderator's export is of their own records, and says so", async () => {
    const before = (await exports()).length;
    await clientFor(t.users.moderator).listAuditRecords({ forExport: true });
    const added = (await exports()).slice(before);
    expect(added).toMatchObject([{ actorId: t.users.moderator.sub, after: { filter: { ownOnly: true }, total: 0 } }]);
  });

  it("a refused or invalid export writes nothing", async () => {
    const before = (await exports()).length;
    expect(await codeOf(clientFor(t.users.player).listAuditRecords({ forExport: true }))).toBe(Code.PermissionDenied);
    expect(await codeOf(clientFor(t.users.admin).listAuditRecords({ forExport: true, limit: 501 }))).toBe(Code.InvalidArgument);
    expect(await exports()).toHaveLength(before);
  });
});
