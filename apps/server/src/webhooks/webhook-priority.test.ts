import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { ReportReason } from "../gen/sro/moderation/reports_pb.js";
import { WebhookFormat, WebhookService } from "../gen/sro/moderation/webhooks_pb.js";
import { bearer } from "../test/bearer.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { reportClient, storeMessage } from "../test/report-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { startReceiver } from "../test/webhook-receiver.js";

/**
 * The report-priority events against a real local receiver (docs/moderation.md "Webhooks"): a report that lifts its
 * message to high (or above) or to urgent queues the event once, for the endpoints that asked for that level.
 */
describe.each(storageBackends)("report priority webhooks (%s)", (backend) => {
  let t: TestServer;
  const clock = Date.now();
  let admin: Client<typeof WebhookService>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    admin = createClient(WebhookService, createConnectTransport({ baseUrl: t.url, httpVersion: "2", interceptors: [bearer(t.users.admin.token)] }));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const deliveriesOf = async (webhookId: string) => (await admin.listWebhookDeliveries({ webhookId })).deliveries;

  it("sends report.priority.high when a report makes its message high, report.priority.urgent when urgent, each once", async () => {
    const high = await admin.createWebhook({ url: receiver.url, events: ["report.priority.high"], format: WebhookFormat.JSON });
    const urgent = await admin.createWebhook({ url: `${receiver.url}?urgent`, events: ["report.priority.urgent"], format: WebhookFormat.SLACK });
    const db = t.server.database.db;
    const dim = await insertDimension(db);
    const channel = await insertChannel(db, { public: true });
    const sender = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    const messageId = await storeMessage(db, channel, sender, clock - 1000, "a hateful line");
    const report = async (n: number) => {
      const reporter = await t.newPlayer(`reporter${n}-${backend}`);
      const character = await insertCharacter(db, reporter.sub, dim);
      await reportClient(t.url, reporter.token).reportChatMessage({ messageId, characterId: character, reason: ReportReason.HATE, details: "" });
    };

    // Hate speech from one reporter: high (score 3), due 4 h after the report. Queued before the report is answered.
    await report(1);
    expect((await deliveriesOf(high.webhook!.id)).map((d) => d.event)).toEqual(["report.priority.high"]);
    expect(await deliveriesOf(urgent.webhook!.id)).toEqual([]);
    await vi.waitFor(() => expect(receiver.received.length).toBe(1), { timeout: 60_000, interval: 20 });
    expect(new Webhook(high.secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>)).toMatchObject({
      type: "report.priority.high",
      data: { messageId, priority: "high", reasons: ["Hate speech"], dueAtMs: clock + 4 * 3600_000 },
    });

    // A second reporter keeps it high: nothing new. A third makes it urgent: only the urgent endpoint hears.
    await report(2);
    await report(3);
    expect(await deliveriesOf(high.webhook!.id)).toHaveLength(1);
    expect((await deliveriesOf(urgent.webhook!.id)).map((d) => d.event)).toEqual(["report.priority.urgent"]);
    await vi.waitFor(() => expect(receiver.received.length).toBe(2), { timeout: 60_000, interval: 20 });
    expect(JSON.parse(receiver.received[1]!.body)).toEqual({
      text: expect.stringMatching(new RegExp(`^Reported message ${messageId} is now urgent priority \\(Hate speech · 3 distinct reporters\\), due by `)),
    });
  });
});
