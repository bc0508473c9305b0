import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { webhookDeliveries, webhookEndpoints } from "./schema.js";
import type { EventData, WebhookEvent, WebhookFormat } from "./webhook-rules.js";
import { webhookBody } from "./webhook-rules.js";

/** Every SQL statement of webhooks. Knows rows, not requests or status codes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Endpoint = typeof webhookEndpoints.$inferSelect;
export type Delivery = typeof webhookDeliveries.$inferSelect;
export type EndpointChanges = Partial<Pick<Endpoint, "url" | "events" | "format" | "enabled" | "description">>;

const TARGET = "webhook";
/** How long a node holds the deliveries it claimed: longer than one attempt, so no other node sends them meanwhile. */
const CLAIM_MS = 60_000;
/** Audit records show an endpoint without its secret. */
const shown = ({ secret: _secret, ...endpoint }: Endpoint) => endpoint;

export function createWebhookStore(db: Db, now: () => number = Date.now) {
  return {
    list: () => db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt),

    async get(id: string): Promise<Endpoint | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    count: async () => (await db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints))[0]!.n,

    create(actor: AuditActor, input: { url: string; events: WebhookEvent[]; format: WebhookFormat; description: string }): Promise<Endpoint> {
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ id: randomUUID(), ...input, secret: `whsec_${randomBytes(32).toString("base64")}`, enabled: true, createdAt: new Date(at) })
          .returning();
        await appendAudit(tx, actor, { action: "webhook.create", targetType: TARGET, targetId: row!.id, after: shown(row!) }, at);
        return row!;
      });
    },

    edit(actor: AuditActor, id: string, changes: EndpointChanges): Promise<Endpoint | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
        if (!before) return undefined;
        const [after] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
        await appendAudit(tx, actor, { action: "webhook.edit", targetType: TARGET, targetId: id, before: shown(before), after: shown(after!) }, now());
        return after;
      });
    },

    remove(actor: AuditActor, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [gone] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
        if (!gone) return false;
        await appendAudit(tx, actor, { action: "webhook.delete", targetType: TARGET, targetId: id, before: shown(gone) }, now());
        return true;
      });
    },

    /** One pending delivery for each enabled endpoint that asked for the event, due now; in the caller's transaction. */
    async enqueue(tx: Pick<Db, "select" | "insert">, event: WebhookEvent, data: EventData): Promise<number> {
      const endpoints = await tx
        .select({ id: webhookEndpoints.id, format: webhookEndpoints.format })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, true), sql`${event} = ANY(${webhookEndpoints.events})`));
      if (endpoints.length === 0) return 0;
      const at = new Date(now());
      await tx.insert(webhookDeliveries).values(
        endpoints.map((e) => ({
          id: randomUUID(),
          webhookId: e.id,
          event,
          body: webhookBody(e.format as WebhookFormat, data, at.getTime()),
          state: "pending",
          createdAt: at,
          nextAttemptAt: at,
        })),
      );
      return endpoints.length;
    },

    /** A delivery outside the outbox's schedule (the test button): claimed by its creator at once. */
    async insertClaimed(endpoint: Endpoint, event: string, body: unknown): Promise<Delivery> {
      const at = now();
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ id: randomUUID(), webhookId: endpoint.id, event, body, state: "pending", createdAt: new Date(at), claimedUntil: new Date(at + CLAIM_MS) })
        .returning();
      return row!;
    },

    /** Due deliveries no other node holds, now held by this one for a while. */
    async claimDue(limit: number): Promise<(Delivery & { url: string; secret: string })[]> {
      const at = now();
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.state, "pending"),
            lte(webhookDeliveries.nextAttemptAt, new Date(at)),
            or(isNull(webhookDeliveries.claimedUntil), lte(webhookDeliveries.claimedUntil, new Date(at))),
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(webhookDeliveries)
        .set({ claimedUntil: new Date(at + CLAIM_MS) })
        .where(inArray(webhookDeliveries.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const endpoints = await db
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((d) => d.webhookId))]));
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      return claimed.flatMap((d) => {
        const endpoint = byId.get(d.webhookId);
        return endpoint ? [{ ...d, url: endpoint.url, secret: endpoint.secret }] : [];
      });
    },

    /** The outcome of one attempt; `next` undefined: no attempt follows (delivered or failed for good). */
    async recordAttempt(id: string, outcome: { status: number; error: string; delivered: boolean; nextAttemptAtMs?: number }): Promise<Delivery | undefined> {
      const at = new Date(now());
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastStatus: outcome.status,
          lastError: outcome.error,
          state: outcome.delivered ? "delivered" : outcome.nextAttemptAtMs === undefined ? "failed" : "pending",
          deliveredAt: outcome.delivered ? at : null,
          nextAttemptAt: outcome.delivered || outcome.nextAttemptAtMs === undefined ? null : new Date(outcome.nextAttemptAtMs),
          claimedUntil: null,
        })
        .where(eq(webhookDeliveries.id, id))
        .returning();
      return row;
    },

    deliveries: (webhookId: string, limit: number) =>
      db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit),
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
