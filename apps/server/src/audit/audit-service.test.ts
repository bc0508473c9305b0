import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditService } from "../gen/sro/moderation/audit_pb.js";
import { bearer } from "../test/bearer.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "../test/test-server.js";
import { appendAudit, type AuditActor } from "./audit-trail.js";

/** ListAuditRecords and GetAuditRecord: filters, paging, exact totals, and who sees what. */
describe.each(storageBackends)("AuditService (%s)", (backend) => {
  let t: TestServer;
  let asAdmin: Client<typeof AuditService>;
  let asModerator: Client<typeof AuditService>;
  const T0 = Date.UTC(2026, 0, 1);
  const MINUTE = 60_000;
  let actors: { admin: AuditActor; moderator: AuditActor; gameserver: AuditActor };

  const clientFor = (user: TestUser) =>
    createClient(AuditService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(user.token)] }));

  beforeAll(async () => {
    t = await startTestServer({ backend });
    asAdmin = clientFor(t.users.admin);
    asModerator = clientFor(t.users.moderator);
    const actor = (user: TestUser): AuditActor => ({ id: user.sub, name: user.username, requestId: `req-${user.username}`, sourceAddress: "198.51.100.1" });
    actors = { admin: actor(t.users.admin), moderator: actor(t.users.moderator), gameserver: actor(t.users.gameserver) };
    // A new server's log already holds the default role mappings it wrote at its first start (identity/role-store.ts).
    seeded = (await asAdmin.listAuditRecords({})).records;
    const db = t.server.database.db;
    // 12 records, one a minute: admin edits characters, the moderator edits chat channels, the game server plays.
    for (let i = 0; i < 12; i++) {
      const [who, change] =
        i % 3 === 0
          ? [actors.admin, { action: "character.edit", targetType: "character", targetId: `c-${i % 2}`, before: { name: "A" }, after: { name: "B" } }]
          : i % 3 === 1
            ? [
                actors.moderator,
                { action: "chat-channel.edit", targetType: "chat-channel", targetId: "ch-1", before: { public: false }, after: { public: true } },
              ]
            : [
                actors.gameserver,
                { action: "character.add-play-time", targetType: "character", targetId: "c-1", before: { playTime: i }, after: { playTime: i + 1 } },
              ];
      await db.transaction((tx) => appendAudit(tx, who, change, T0 + i * MINUTE));
    }
  });
  afterAll(() => t?.close());
  let seeded: Awaited<ReturnType<typeof asAdmin.listAuditRecords>>["records"] = [];

  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => "ok" as const,
      (e: unknown) => ConnectError.from(e),
    );

  it("starts with the system's record of each default role mapping", () => {
    expect(
      seeded
        .map((r) => ({ actorId: r.actorId, actorName: r.actorName, action: r.action, targetId: r.targetId }))
        .sort((a, b) => a.targetId.localeCompare(b.targetId)),
    ).toEqual(["/Banned", "/Moderator", "/Moderator/Admin"].map((targetId) => ({ actorId: "", actorName: "system", action: "role-mapping.create", targetId })));
  });

  it("lists newest first with an exact total, pages with limit and offset", async () => {
    const all = await asAdmin.listAuditRecords({});
    const total = BigInt(12 + seeded.length);
    expect(all.total).toBe(total);
    // The seeded records are today's, newer than this test's of 2026-01-01.
    const ours = all.records.slice(seeded.length);
    expect(ours.map((r) => Number(r.timeMs))).toEqual(Array.from({ length: 12 }, (_, i) => T0 + (11 - i) * MINUTE));
    const page = await asAdmin.listAuditRecords({ limit: 5, offset: 5 });
    expect(page.total).toBe(total);
    expect(page.records.map((r) => r.id)).toEqual(all.records.slice(5, 10).map((r) => r.id));
    const newest = ours[0]!;
    expect(newest).toMatchObject({
      actorId: actors.gameserver.id,
      actorName: "service-account-game-server",
      action: "character.add-play-time",
      targetType: "character",
      targetId: "c-1",
      requestId: "req-service-account-game-server",
      sourceAddress: "198.51.100.1",
    });
    // Lists carry no before/after (a page stays small whatever one record holds); the record itself does.
    expect([newest.beforeJson, newest.afterJson]).toEqual(["", ""]);
    const one = await asAdmin.getAuditRecord({ id: newest.id });
    expect(JSON.parse(one.beforeJson)).toEqual({ playTime: 11 });
    expect(JSON.parse(one.afterJson)).toEqual({ playTime: 12 });
    expect({ ...one, beforeJson: "", afterJson: "" }).toEqual(newest);
  });

  it("combines filters with AND: actor by id or part of the name, action exact or by prefix, target, time range", async () => {
    const ids = async (request: Parameters<typeof asAdmin.listAuditRecords>[0]) => {
      const answer = await asAdmin.listAuditRecords(request);
      expect(answer.total).toBe(BigInt(answer.records.length));
      return answer.records.map((r) => [r.actorName, r.action, r.targetId, Number(r.timeMs - BigInt(T0)) / MINUTE]);
    };
    expect(await ids({ actor: actors.moderator.id })).toHaveLength(4);
    expect(await ids({ actor: "GAME-SERVER" })).toHaveLength(4);
    expect(await ids({ actor: "nobody" })).toEqual([]);
    expect(await ids({ action: "character." })).toHaveLength(8);
    expect(await ids({ action: "character" })).toEqual([]);
    expect(await ids({ action: "character.edit" })).toHaveLength(4);
    expect(await ids({ targetType: "character", targetId: "c-1" })).toEqual([
      ["service-account-game-server", "character.add-play-time", "c-1", 11],
      ["admin", "character.edit", "c-1", 9],
      ["service-account-game-server", "character.add-play-time", "c-1", 8],
      ["service-account-game-server", "character.add-play-time", "c-1", 5],
      ["admin", "character.edit", "c-1", 3],
      ["service-account-game-server", "character.add-play-time", "c-1", 2],
    ]);
    // Inclusive bounds.
    expect(await ids({ fromMs: BigInt(T0 + 3 * MINUTE), toMs: BigInt(T0 + 5 * MINUTE) })).toEqual([
      ["service-account-game-server", "character.add-play-time", "c-1", 5],
      ["moderator", "chat-channel.edit", "ch-1", 4],
      ["admin", "character.edit", "c-1", 3],
    ]);
    expect(await ids({ actor: "admin", action: "character.", fromMs: BigInt(T0 + 4 * MINUTE) })).toEqual([
      ["admin", "character.edit", "c-1", 9],
      ["admin", "character.edit", "c-0", 6],
    ]);
    // "%" and "_" are plain characters in a name filter.
    expect(await ids({ actor: "%" })).toEqual([]);
  });

  it("moderators see only their own records, whatever they filter; another's record is NOT_FOUND", async () => {
    const own = await asModerator.listAuditRecords({});
    expect(own.total).toBe(4n);
    expect(new Set(own.records.map((r) => r.actorId))).toEqual(new Set([actors.moderator.id]));
    expect((await asModerator.listAuditRecords({ actor: actors.admin.id })).total).toBe(0n);
    expect((await asModerator.listAuditRecords({ action: "character." })).total).toBe(0n);
    expect(await asModerator.getAuditRecord({ id: own.records[0]!.id })).toMatchObject({ id: own.records[0]!.id, actorId: actors.moderator.id });
    const others = (await asAdmin.listAuditRecords({ actor: actors.admin.id, limit: 1 })).records[0]!;
    expect((await codeOf(asModerator.getAuditRecord({ id: others.id }))) as ConnectError).toMatchObject({ code: Code.NotFound });
    expect((await codeOf(asAdmin.getAuditRecord({ id: "999999999" }))) as ConnectError).toMatchObject({ code: Code.NotFound });
  });

  it("everyone else is refused", async () => {
    for (const user of [t.users.player, t.users.banned, t.users.gameserver]) {
      const client = clientFor(user);
      expect(((await codeOf(client.listAuditRecords({}))) as ConnectError).code, user.username).toBe(Code.PermissionDenied);
      expect(((await codeOf(client.getAuditRecord({ id: "1" }))) as ConnectError).code, user.username).toBe(Code.PermissionDenied);
    }
    const anonymous = createClient(AuditService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1" }));
    expect(((await codeOf(anonymous.listAuditRecords({}))) as ConnectError).code).toBe(Code.Unauthenticated);
  });

  it("bad filters are INVALID_ARGUMENT naming the field", async () => {
    const cases: [Parameters<typeof asAdmin.listAuditRecords>[0], string][] = [
      [{ limit: 501 }, "limit"],
      [{ limit: -1 }, "limit"],
      [{ offset: -1 }, "offset"],
      [{ fromMs: -1n }, "from_ms"],
      [{ toMs: -5n }, "to_ms"],
      [{ fromMs: 2000n, toMs: 1000n }, "from_ms"],
      [{ actor: "x".repeat(201) }, "actor"],
      [{ targetId: "a\u0000b" }, "target_id"],
    ];
    for (const [request, field] of cases) {
      const error = (await codeOf(asAdmin.listAuditRecords(request))) as ConnectError;
      expect(error.code, field).toBe(Code.InvalidArgument);
      expect(error.rawMessage.startsWith(`${field}:`), error.rawMessage).toBe(true);
    }
    for (const id of ["", "abc", "-1", "0", "1.5", "99999999999999999999"]) {
      const error = (await codeOf(asAdmin.getAuditRecord({ id }))) as ConnectError;
      expect(error.code, id).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(/^id:/);
    }
    expect((await asAdmin.listAuditRecords({ limit: 500 })).records).toHaveLength(12 + seeded.length);
    expect((await asAdmin.listAuditRecords({})).records).toHaveLength(12 + seeded.length);
  });

  it("answers over REST: GET /v1/audit with query filters and GET /v1/audit/id/{id}", async () => {
    const headers = { authorization: `Bearer ${t.users.admin.token}` };
    const list = (await (await fetch(`${t.url}/v1/audit?action=chat-channel.&limit=2`, { headers })).json()) as { total: string; records: { id: string }[] };
    expect(list.total).toBe("4");
    expect(list.records).toHaveLength(2);
    const one = await fetch(`${t.url}/v1/audit/id/${list.records[0]!.id}`, { headers });
    expect(one.status).toBe(200);
    expect(((await one.json()) as { action: string }).action).toBe("chat-channel.edit");
    expect((await fetch(`${t.url}/v1/audit?limit=1000`, { headers })).status).toBe(400);
  });

  it("has no rpc that edits or deletes records", () => {
    expect(AuditService.methods.map((m) => m.name).sort()).toEqual(["GetAuditRecord", "ListAuditRecords"]);
  });
});
