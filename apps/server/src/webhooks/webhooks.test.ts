import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { ReportReason } from "../gen/sro/moderation/reports_pb.js";
import { WebhookFormat, WebhookService } from "../gen/sro/moderation/webhooks_pb.js";
import { bearer } from "../test/bearer.js";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./webhook-rules.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { reportClient, storeMessage } from "../test/report-fixtures.js";
import { errorOf, kinds, sanctionClient, scopes, Code } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { startReceiver } from "../test/webhook-receiver.js";

describe.each(storageBackends)("webhooks (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.now();
  let admin: Client<typeof WebhookService>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const hooks = (token: string) => createClient(WebhookService, createConnectTransport({ baseUrl: t.url, httpVersion: "2", interceptors: [bearer(token)] }));
  /** An account ban of a new player (a ban needs an account we know: one that owns a character). */
  const banNewAccount = async (reason: string, durationSeconds: bigint) => {
    const target = await t.newPlayer();
    await insertCharacter(t.server.database.db, target.sub, await insertDimension(t.server.database.db));
    await sanctionClient(t.url, t.users.admin.token).issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: target.sub,
      durationSeconds,
      reason,
    });
  };
  const deliveriesOf = async (webhookId: string) => (await admin.listWebhookDeliveries({ webhookId })).deliveries;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    admin = hooks(t.users.admin.token);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("refuses bad endpoints naming the field, and changes nothing", async () => {
    const before = (await admin.listWebhooks({})).webhooks.length;
    const cases: [Parameters<typeof admin.createWebhook>[0], RegExp][] = [
      [{ url: "", events: ["report.filed"], format: WebhookFormat.JSON }, /^url: is required/],
      [{ url: "ftp://example.org/x", events: ["report.filed"], format: WebhookFormat.JSON }, /^url: must be an absolute http or https URL/],
      [{ url: "https://user:pw@example.org/x", events: ["report.filed"], format: WebhookFormat.JSON }, /^url: must not contain a user name or password/],
      [{ url: "https://example.org/\u0000", events: ["report.filed"], format: WebhookFormat.JSON }, /^url: must not contain spaces or control characters/],
      [{ url: `https://example.org/${"a".repeat(2000)}`, events: ["report.filed"], format: WebhookFormat.JSON }, /^url: must be at most 2000 characters/],
      [
        { url: receiver.url, events: [], format: WebhookFormat.JSON },
        /^events: must name at least one of account.banned, report.filed, report.priority.high, report.priority.urgent/,
      ],
      [{ url: receiver.url, events: ["webhook.test"], format: WebhookFormat.JSON }, /^events: "webhook.test" is not an event/],
      [{ url: receiver.url, events: ["report.filed"], format: WebhookFormat.UNSPECIFIED }, /^format: must be/],
      [{ url: receiver.url, events: ["report.filed"], format: 9 as WebhookFormat }, /^format: must be/],
      [{ url: receiver.url, events: ["report.filed"], format: WebhookFormat.JSON, description: "a\u202Eb" }, /^description: must not contain/],
    ];
    for (const [request, message] of cases) {
      const error = await errorOf(admin.createWebhook(request));
      expect({ code: error.code, message: error.rawMessage }).toMatchObject({ code: Code.InvalidArgument, message: expect.stringMatching(message) });
    }
    expect((await admin.listWebhooks({})).webhooks).toHaveLength(before);
  });

  it("only admins manage webhooks", async () => {
    for (const user of [t.users.moderator, t.users.player, t.users.gameserver]) {
      expect((await errorOf(hooks(user.token).listWebhooks({}))).code).toBe(Code.PermissionDenied);
      expect((await errorOf(hooks(user.token).createWebhook({ url: receiver.url, events: ["report.filed"], format: WebhookFormat.JSON }))).code).toBe(
        Code.PermissionDenied,
      );
    }
  });

  it("a filed report reaches a JSON endpoint signed the Standard Webhooks way; the secret is shown once and never logged in the audit", async () => {
    const created = await admin.createWebhook({ url: receiver.url, events: ["report.filed"], format: WebhookFormat.JSON, description: "Trust & safety" });
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await admin.listWebhooks({});
    expect(JSON.stringify(listed, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value))).not.toContain(created.secret);
    const [audit] = await t.server.database.db.select().from(auditRecords).where(eq(auditRecords.targetId, created.webhook!.id));
    expect(audit).toMatchObject({ action: "webhook.create", actorName: "admin" });
    expect(JSON.stringify(audit)).not.toContain(created.secret);

    const db = t.server.database.db;
    const dim = await insertDimension(db);
    const channel = await insertChannel(db, { public: true });
    const reporter = await insertCharacter(db, t.users.player.sub, dim);
    const sender = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    const messageId = await storeMessage(db, channel, sender, clock - 1000, "you are <b>@everyone</b>'s problem");
    const seen = receiver.received.length;
    const report = await reportClient(t.url, t.users.player.token).reportChatMessage({
      messageId,
      characterId: reporter,
      reason: ReportReason.HARASSMENT,
      details: "",
    });

    await vi.waitFor(() => expect(receiver.received.length).toBe(seen + 1), { timeout: 60_000, interval: 20 });
    const got = receiver.received.at(-1)!;
    // The library's own verify: the signature, its id and timestamp headers.
    const payload = new Webhook(created.secret).verify(got.body, got.headers as Record<string, string>);
    expect(payload).toMatchObject({
      type: "report.filed",
      data: { reportId: report.id, messageId, reason: "harassment", messageContent: "you are <b>@everyone</b>'s problem" },
    });
    await vi.waitFor(async () => expect((await deliveriesOf(created.webhook!.id))[0]).toMatchObject({ state: "delivered", attempts: 1, lastStatus: 200 }), {
      timeout: 30_000,
      interval: 20,
    });
    await admin.deleteWebhook({ id: created.webhook!.id });
  });

  it("an account ban reaches Discord and Slack shapes; a failing receiver is retried on the schedule", async () => {
    const discord = await admin.createWebhook({ url: receiver.url, events: ["account.banned"], format: WebhookFormat.DISCORD });
    const slack = await admin.createWebhook({ url: `${receiver.url}?slack`, events: ["account.banned"], format: WebhookFormat.SLACK });
    const seen = receiver.received.length;
    // One of the two first attempts fails; every later one fails until the schedule is spent, except Discord's retry.
    receiver.answers.push(500, 500);
    await banNewAccount("Cheating <script>", 3600n);
    await vi.waitFor(() => expect(receiver.received.length).toBe(seen + 2), { timeout: 60_000, interval: 20 });
    const bodies = receiver.received.slice(seen).map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies).toContainEqual({ content: expect.stringMatching(/^Account banned: .* until .* \(Cheating <script>\)$/), allowed_mentions: { parse: [] } });
    expect(bodies).toContainEqual({ text: expect.stringMatching(/^Account banned: .*\(Cheating &lt;script&gt;\)$/) });
    await vi.waitFor(async () => {
      const states = [...(await deliveriesOf(discord.webhook!.id)), ...(await deliveriesOf(slack.webhook!.id))];
      expect(states.map((d) => ({ state: d.state, attempts: d.attempts, lastStatus: d.lastStatus }))).toEqual([
        expect.objectContaining({ state: "pending", attempts: 1, lastStatus: 500 }),
        expect.objectContaining({ state: "pending", attempts: 1, lastStatus: 500 }),
      ]);
    });
    // Nothing is sent before the first retry is due; then both go out and succeed.
    clock += 9_000;
    expect(receiver.received.length).toBe(seen + 2);
    clock += 1_000;
    await vi.waitFor(async () => expect((await deliveriesOf(discord.webhook!.id))[0]).toMatchObject({ state: "delivered", attempts: 2 }), {
      timeout: 30_000,
      interval: 20,
    });
    await vi.waitFor(async () => expect((await deliveriesOf(slack.webhook!.id))[0]).toMatchObject({ state: "delivered", attempts: 2 }), {
      timeout: 30_000,
      interval: 20,
    });
    await admin.deleteWebhook({ id: discord.webhook!.id });
    await admin.deleteWebhook({ id: slack.webhook!.id });
  });

  it("a receiver that keeps failing is tried on every step of the schedule, then given up", async () => {
    const failing = await startReceiver();
    failing.answers.push(...Array<number>(MAX_ATTEMPTS).fill(503));
    const hook = await admin.createWebhook({ url: failing.url, events: ["account.banned"], format: WebhookFormat.JSON });
    // A year: a permanent ban waits for approval and is announced only once approved.
    await banNewAccount("Fraud", 31_536_000n);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await vi.waitFor(async () => expect((await deliveriesOf(hook.webhook!.id))[0]).toMatchObject({ attempts: attempt, lastStatus: 503 }), {
        timeout: 30_000,
        interval: 20,
      });
      clock += RETRY_DELAYS_MS[attempt - 1] ?? 0;
    }
    expect((await deliveriesOf(hook.webhook!.id))[0]).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS, nextAttemptAtMs: 0n });
    expect(failing.received).toHaveLength(MAX_ATTEMPTS);
    // Every attempt of one delivery carries the same id: receivers drop repeats by it.
    expect(new Set(failing.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    await admin.deleteWebhook({ id: hook.webhook!.id });
    await failing.close();
  });

  it("the test button reports an unreachable receiver and a slow one without retrying", async () => {
    const down = await admin.createWebhook({ url: "http://127.0.0.1:9/none", events: ["report.filed"], format: WebhookFormat.JSON });
    expect(await admin.testWebhook({ id: down.webhook!.id })).toMatchObject({
      state: "failed",
      attempts: 1,
      lastStatus: 0,
      lastError: expect.stringMatching(/^could not reach the receiver/),
    });
    const up = await admin.createWebhook({ url: receiver.url, events: ["report.filed"], format: WebhookFormat.SLACK });
    expect(await admin.testWebhook({ id: up.webhook!.id })).toMatchObject({ state: "delivered", attempts: 1, lastStatus: 200, event: "webhook.test" });
    receiver.answers.push("hang");
    expect(await admin.testWebhook({ id: up.webhook!.id })).toMatchObject({ state: "failed", lastStatus: 0, lastError: "no answer within 5000 ms" });
    receiver.answers.push(404);
    expect(await admin.testWebhook({ id: up.webhook!.id })).toMatchObject({ state: "failed", lastStatus: 404, lastError: "the receiver answered HTTP 404" });
    // Edits are audited and masked; disabling stops new deliveries.
    const edited = await admin.editWebhook({ id: up.webhook!.id, mask: { paths: ["enabled"] }, enabled: false });
    expect(edited.enabled).toBe(false);
    expect((await errorOf(admin.editWebhook({ id: up.webhook!.id, mask: { paths: ["secret"] } }))).rawMessage).toMatch(/^mask: "secret" cannot be edited/);
    expect((await errorOf(admin.testWebhook({ id: "00000000-0000-4000-8000-000000000000" }))).code).toBe(Code.NotFound);
    expect((await errorOf(admin.listWebhookDeliveries({ webhookId: up.webhook!.id, limit: 201 }))).rawMessage).toMatch(/^limit: must be 1..200/);
    await admin.deleteWebhook({ id: up.webhook!.id });
    await admin.deleteWebhook({ id: down.webhook!.id });
  });
});
