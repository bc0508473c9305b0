import { createContextValues, type HandlerContext } from "@connectrpc/connect";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { create } from "@bufbuild/protobuf";
import { IssueSanctionRequestSchema, RevokeSanctionRequestSchema, SanctionKind, SanctionScope } from "../gen/sro/moderation/moderation_pb.js";
import { callerKey, requestIdKey, type Caller } from "../platform/auth/caller.js";
import type { Database } from "../platform/db/database.js";
import { createLogger } from "../platform/logger.js";
import { insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { createSanctionService } from "./sanction-service.js";
import { createSanctionStore } from "./sanction-store.js";
import { sanctions } from "./schema.js";

/**
 * No write without its audit record, no record without its write: the sanction and its record commit in one
 * transaction. A record that cannot be written (here: a request id PostgreSQL refuses, NUL) takes the write with it.
 */
describe.each(storageBackends)("sanction writes and their audit records are one transaction (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  const events = { sanctioned: async () => {}, accountBansChanged: async () => {} };
  const service = () =>
    createSanctionService({ store: createSanctionStore(database.db), events, accounts: { names: async () => new Map() }, logger: createLogger("silent") });
  /** A NUL in the request id: only the audit record holds it, and PostgreSQL refuses it. */
  const ctxOf = (requestId: string): HandlerContext => {
    const caller: Caller = { sub: "mod-1", username: "moderator", groups: ["/Moderator"], roles: [], role: "moderator" };
    return { values: createContextValues().set(callerKey, caller).set(requestIdKey, requestId) } as unknown as HandlerContext;
  };

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
  });
  afterAll(() => close?.());

  const request = (characterId: string) =>
    create(IssueSanctionRequestSchema, { kind: SanctionKind.MUTE, scope: SanctionScope.EVERYWHERE, characterId, durationSeconds: 60n, reason: "Spam" });
  const revoke = (id: string, reason: string) => create(RevokeSanctionRequestSchema, { id, reason });

  it("an issue whose record fails leaves neither the sanction nor a record", async () => {
    const me = await insertCharacter(database.db, "owner-1", await insertDimension(database.db));
    // The same request from a nameable actor succeeds (below): what fails here is the record alone.
    await expect(service().service.issueSanction(request(me), ctxOf("bad\u0000id"))).rejects.toThrow(/insert into "audit_records"/);
    expect(await database.db.select().from(sanctions).where(eq(sanctions.characterId, me))).toEqual([]);
    expect(await database.db.select().from(auditRecords).where(eq(auditRecords.actorId, "mod-1"))).toEqual([]);
  });

  it("a revocation whose record fails is rolled back; a good one writes both", async () => {
    const me = await insertCharacter(database.db, "owner-1", await insertDimension(database.db));
    const issued = (await service().service.issueSanction(request(me), ctxOf("req-1"))) as { id: string };
    await expect(service().service.revokeSanction(revoke(issued.id, "x"), ctxOf("bad\u0000id"))).rejects.toThrow(/insert into "audit_records"/);
    const [row] = await database.db.select().from(sanctions).where(eq(sanctions.id, issued.id));
    expect(row?.revokedAt).toBeNull();
    expect((await database.db.select().from(auditRecords).where(eq(auditRecords.targetId, issued.id))).map((r) => r.action)).toEqual(["sanction.issue"]);
    await service().service.revokeSanction(revoke(issued.id, "Mistake"), ctxOf("req-1"));
    const records = await database.db.select().from(auditRecords).where(eq(auditRecords.targetId, issued.id));
    expect(records.map((r) => [r.action, r.actorName, r.requestId])).toEqual([
      ["sanction.issue", "moderator", "req-1"],
      ["sanction.revoke", "moderator", "req-1"],
    ]);
  });
});
