import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import {
  CreatedWebhookSchema,
  WebhookDeliveriesSchema,
  WebhookDeliverySchema,
  WebhookFormat as WireFormat,
  WebhookSchema,
  WebhooksSchema,
  type WebhookService,
} from "../gen/sro/moderation/webhooks_pb.js";
import { invalidArgument, requireUuid } from "../platform/validation.js";
import {
  MAX_ENDPOINTS,
  requireDescription,
  requireEvents,
  requireWebhookUrl,
  TEST_EVENT,
  WEBHOOK_FORMATS,
  webhookBody,
  type WebhookFormat,
} from "./webhook-rules.js";
import type { WebhookSender } from "./webhook-sender.js";
import type { Delivery, Endpoint, EndpointChanges, WebhookStore } from "./webhook-store.js";

const FORMATS: Record<WebhookFormat, WireFormat> = { json: WireFormat.JSON, discord: WireFormat.DISCORD, slack: WireFormat.SLACK };
const EDITABLE = ["url", "events", "format", "enabled", "description"] as const;

function requireFormat(value: WireFormat): WebhookFormat {
  const format = WEBHOOK_FORMATS.find((f) => FORMATS[f] === value);
  if (!format) throw invalidArgument("format", "must be WEBHOOK_FORMAT_JSON, WEBHOOK_FORMAT_DISCORD or WEBHOOK_FORMAT_SLACK");
  return format;
}

const ms = (date: Date | null) => BigInt(date?.getTime() ?? 0);

const webhookMessage = (e: Endpoint) =>
  create(WebhookSchema, {
    id: e.id,
    url: e.url,
    events: e.events,
    format: FORMATS[e.format as WebhookFormat],
    enabled: e.enabled,
    createdAtMs: ms(e.createdAt),
    description: e.description,
  });

const deliveryMessage = (d: Delivery) =>
  create(WebhookDeliverySchema, {
    id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    state: d.state,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    createdAtMs: ms(d.createdAt),
    nextAttemptAtMs: ms(d.nextAttemptAt),
    deliveredAtMs: ms(d.deliveredAt),
  });

const notFound = (id: string) => new ConnectError(`webhook ${id} not found`, Code.NotFound);

/** sro.moderation.WebhookService: thin handlers over webhook-rules and the store (admins only: the permission table). */
export function createWebhookService(store: WebhookStore, sender: WebhookSender): ServiceImpl<typeof WebhookService> {
  return {
    async listWebhooks() {
      return create(WebhooksSchema, { webhooks: (await store.list()).map(webhookMessage) });
    },

    async createWebhook(req, ctx) {
      const input = {
        url: requireWebhookUrl(req.url),
        events: requireEvents(req.events),
        format: requireFormat(req.format),
        description: requireDescription(req.description),
      };
      if ((await store.count()) >= MAX_ENDPOINTS)
        throw new ConnectError(`webhooks: at most ${MAX_ENDPOINTS} endpoints; delete one first`, Code.ResourceExhausted);
      const created = await store.create(auditActorOf(ctx), input);
      return create(CreatedWebhookSchema, { webhook: webhookMessage(created), secret: created.secret });
    },

    async editWebhook(req, ctx) {
      const id = requireUuid(req.id, "id");
      const paths = req.mask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("mask", `must name the fields to change (${EDITABLE.join(", ")})`);
      const changes: EndpointChanges = {};
      for (const path of paths) {
        if (path === "url") changes.url = requireWebhookUrl(req.url);
        else if (path === "events") changes.events = requireEvents(req.events);
        else if (path === "format") changes.format = requireFormat(req.format);
        else if (path === "enabled") changes.enabled = req.enabled;
        else if (path === "description") changes.description = requireDescription(req.description);
        else throw invalidArgument("mask", `"${path.slice(0, 64)}" cannot be edited; editable fields are ${EDITABLE.join(", ")}`);
      }
      const edited = await store.edit(auditActorOf(ctx), id, changes);
      if (!edited) throw notFound(id);
      return webhookMessage(edited);
    },

    async deleteWebhook(req, ctx) {
      const id = requireUuid(req.id, "id");
      if (!(await store.remove(auditActorOf(ctx), id))) throw notFound(id);
      return {};
    },

    async testWebhook(req) {
      const id = requireUuid(req.id, "id");
      const endpoint = await store.get(id);
      if (!endpoint) throw notFound(id);
      const delivery = await store.insertClaimed(endpoint, TEST_EVENT, webhookBody(endpoint.format as WebhookFormat, { type: TEST_EVENT }, Date.now()));
      const done = await sender.attempt({ ...delivery, url: endpoint.url, secret: endpoint.secret }, false);
      return deliveryMessage(done ?? delivery);
    },

    async listWebhookDeliveries(req) {
      const id = requireUuid(req.webhookId, "webhook_id");
      if (req.limit > 200) throw invalidArgument("limit", "must be 1..200 (0 means 50)");
      if (!(await store.get(id))) throw notFound(id);
      return create(WebhookDeliveriesSchema, { deliveries: (await store.deliveries(id, req.limit || 50)).map(deliveryMessage) });
    },
  };
}
