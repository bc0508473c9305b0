import { Webhook } from "standardwebhooks";
import type { Logger } from "../platform/logger.js";
import { ATTEMPT_TIMEOUT_MS, delivered, MAX_ATTEMPTS, nextAttemptAt } from "./webhook-rules.js";
import type { Delivery, WebhookStore } from "./webhook-store.js";

export interface WebhookSenderDeps {
  store: WebhookStore;
  logger: Logger;
  /** The schedule's clock (tests move it); signatures always carry the wall clock, which receivers check. */
  now?: () => number;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

type Claimed = Delivery & { url: string; secret: string };

/**
 * Sends deliveries: signed as Standard Webhooks sign (HMAC-SHA256 over id, timestamp and body, with its library),
 * one POST with a time limit, no redirects followed, the outcome recorded and the next attempt scheduled.
 */
export function createWebhookSender(deps: WebhookSenderDeps) {
  const { store, logger } = deps;
  const now = deps.now ?? Date.now;
  const fetch = deps.fetch ?? globalThis.fetch;
  const timeoutMs = deps.timeoutMs ?? ATTEMPT_TIMEOUT_MS;

  async function post(d: Claimed): Promise<{ status: number; error: string }> {
    const payload = JSON.stringify(d.body);
    const sentAt = new Date();
    try {
      const response = await fetch(d.url, {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          "content-type": "application/json",
          "user-agent": "SRO-Webhooks/1",
          "webhook-id": d.id,
          "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
          "webhook-signature": new Webhook(d.secret).sign(d.id, sentAt, payload),
        },
        body: payload,
      });
      await response.body?.cancel();
      return { status: response.status, error: delivered(response.status) ? "" : `the receiver answered HTTP ${response.status}` };
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      if (e.name === "TimeoutError") return { status: 0, error: `no answer within ${timeoutMs} ms` };
      return { status: 0, error: `could not reach the receiver (${e.cause?.code ?? e.message})` };
    }
  }

  /** One attempt; `retry`: schedule the next on failure while attempts last (the test button never retries). */
  async function attempt(d: Claimed, retry: boolean): Promise<Delivery | undefined> {
    const outcome = await post(d);
    const ok = delivered(outcome.status);
    const attempts = d.attempts + 1;
    const next = ok || !retry || attempts >= MAX_ATTEMPTS ? undefined : nextAttemptAt(attempts, now());
    // The URL's path may be a credential (Discord and Slack put their token there): only the host is logged.
    if (!ok) logger.warn({ delivery: d.id, event: d.event, host: new URL(d.url).host, attempts, error: outcome.error }, "webhook delivery failed");
    return store.recordAttempt(d.id, { ...outcome, delivered: ok, nextAttemptAtMs: next });
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const sender = {
    attempt,
    /** Claims and sends what is due now; resolves with how many it sent. */
    async deliverDue(limit = 20): Promise<number> {
      const claimed = await store.claimDue(limit);
      await Promise.all(claimed.map((d) => attempt(d, true)));
      return claimed.length;
    },
    /** Every node polls; claims keep two nodes from sending the same attempt. */
    start(intervalMs = 1000): void {
      const tick = () => {
        running = sender
          .deliverDue()
          .catch((error: unknown) => logger.error({ err: error }, "webhook deliveries could not be read"))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs).unref();
          });
      };
      timer = setTimeout(tick, intervalMs).unref();
    },
    async stop(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
  return sender;
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
