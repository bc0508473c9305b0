import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import {
  CreatedWebhookSchema,
  WebhookDeliveriesSchema,
  WebhookDeliverySchema,
  WebhookFormat,
  WebhookSchema,
  WebhooksSchema,
  WebhookService,
  type CreateWebhookRequest,
  type EditWebhookRequest,
  type Webhook,
  type WebhookDelivery,
} from '../gen/sro/moderation/webhooks_pb';

// An in-memory WebhookService behind Connect's router transport: real clients, real ConnectErrors; tests read what
// was asked and decide what is answered (the next test's outcome, a refusal).

export const T0 = Date.UTC(2030, 0, 15, 10, 0);
export const DISCORD_URL = 'https://discord.com/api/webhooks/123/discord-token-s3cr3t';

export const makeWebhook = (fields: Partial<Omit<Webhook, '$typeName' | '$unknown'>> = {}) =>
  create(WebhookSchema, {
    id: '0b5e0000-0000-4000-8000-000000000001',
    url: DISCORD_URL,
    events: ['account.banned'],
    format: WebhookFormat.DISCORD,
    enabled: true,
    createdAtMs: BigInt(T0),
    description: 'Moderators channel',
    ...fields,
  });

export function createWebhookTestServer(initial: Webhook[] = []) {
  const webhooks = [...initial];
  const deliveries = new Map<string, WebhookDelivery[]>();
  const created: CreateWebhookRequest[] = [];
  const edits: EditWebhookRequest[] = [];
  const deleted: string[] = [];
  const tests: string[] = [];
  const next = { testStatus: 204, createFailure: null as ConnectError | null };
  const find = (id: string) => {
    const hit = webhooks.find((w) => w.id === id);
    if (!hit) throw new ConnectError(`webhook ${id} not found`, Code.NotFound);
    return hit;
  };
  const transport = createRouterTransport(({ service }) => {
    service(WebhookService, {
      listWebhooks: () => create(WebhooksSchema, { webhooks }),
      createWebhook: (req) => {
        created.push(req);
        if (next.createFailure) throw next.createFailure;
        const webhook = makeWebhook({
          id: `0b5e0000-0000-4000-8000-00000000010${created.length}`,
          url: req.url,
          events: req.events,
          format: req.format,
          description: req.description,
        });
        webhooks.push(webhook);
        return create(CreatedWebhookSchema, { webhook, secret: 'whsec_c2lnbmluZy1zZWNyZXQtZm9yLXRlc3Rz' });
      },
      editWebhook: (req) => {
        edits.push(req);
        const webhook = find(req.id);
        for (const path of req.mask?.paths ?? []) Object.assign(webhook, { [path]: req[path as 'url'] });
        return webhook;
      },
      deleteWebhook: (req) => {
        find(req.id);
        deleted.push(req.id);
        webhooks.splice(
          webhooks.findIndex((w) => w.id === req.id),
          1,
        );
        return {};
      },
      testWebhook: (req) => {
        find(req.id);
        tests.push(req.id);
        const ok = next.testStatus >= 200 && next.testStatus < 300;
        const delivery = create(WebhookDeliverySchema, {
          id: `d-test-${tests.length}`,
          webhookId: req.id,
          event: 'webhook.test',
          state: ok ? 'delivered' : 'failed',
          attempts: 1,
          lastStatus: next.testStatus,
          lastError: ok ? '' : `the receiver answered HTTP ${next.testStatus}`,
          createdAtMs: BigInt(T0 + tests.length * 1000),
          deliveredAtMs: ok ? BigInt(T0 + tests.length * 1000) : 0n,
        });
        deliveries.set(req.id, [delivery, ...(deliveries.get(req.id) ?? [])]);
        return delivery;
      },
      listWebhookDeliveries: (req) => {
        find(req.webhookId);
        return create(WebhookDeliveriesSchema, { deliveries: (deliveries.get(req.webhookId) ?? []).slice(0, req.limit || 50) });
      },
    });
  });
  return { transport, webhooks, deliveries, created, edits, deleted, tests, next };
}
