import { hasControlCharacters, invalidArgument, requireText } from "../platform/validation.js";

/**
 * Webhooks' rules (docs/moderation.md "Webhooks"): what an endpoint may be, which events exist, how often a delivery
 * is tried, and the body each format gets. Pure: no store, no transport.
 */
export const WEBHOOK_EVENTS = ["account.banned", "report.filed", "report.priority.high", "report.priority.urgent"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by the test button only; no endpoint subscribes to it. */
export const TEST_EVENT = "webhook.test";

export const WEBHOOK_FORMATS = ["json", "discord", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const MAX_URL_LENGTH = 2000;
export const MAX_DESCRIPTION_LENGTH = 200;
export const MAX_ENDPOINTS = 50;
/** One attempt's limit: a slow receiver must not hold a sender. */
export const ATTEMPT_TIMEOUT_MS = 5000;
/** After the first attempt, the waits before each retry; a delivery fails for good after the last. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Discord refuses a `content` longer than this. */
const DISCORD_CONTENT_MAX = 2000;

export function requireWebhookUrl(value: string): string {
  if (value === "") throw invalidArgument("url", "is required");
  if (value.length > MAX_URL_LENGTH) throw invalidArgument("url", `must be at most ${MAX_URL_LENGTH} characters`);
  if (hasControlCharacters(value) || /\s/.test(value)) throw invalidArgument("url", "must not contain spaces or control characters");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidArgument("url", "must be an absolute http or https URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw invalidArgument("url", "must be an absolute http or https URL");
  // A password in the URL would be stored and shown in the console: receivers authenticate us by the signature.
  if (url.username || url.password) throw invalidArgument("url", "must not contain a user name or password");
  return url.toString();
}

export function requireEvents(values: readonly string[]): WebhookEvent[] {
  if (values.length === 0) throw invalidArgument("events", `must name at least one of ${WEBHOOK_EVENTS.join(", ")}`);
  const unknown = values.find((v) => !(WEBHOOK_EVENTS as readonly string[]).includes(v));
  if (unknown !== undefined) throw invalidArgument("events", `"${unknown.slice(0, 64)}" is not an event; known: ${WEBHOOK_EVENTS.join(", ")}`);
  return [...new Set(values as WebhookEvent[])];
}

export const requireDescription = (value: string) => requireText(value, "description", 0, MAX_DESCRIPTION_LENGTH);

/** When the next attempt is due after `attempts` failed ones; undefined when none is left. */
export function nextAttemptAt(attempts: number, atMs: number): number | undefined {
  const wait = RETRY_DELAYS_MS[attempts - 1];
  return wait === undefined ? undefined : atMs + wait;
}

/** A 2xx is delivered; anything else (and no answer) is tried again while attempts last. */
export const delivered = (status: number) => status >= 200 && status < 300;

/** What happened, for people (chat formats) and for programs (JSON). */
export type EventData =
  | { type: "account.banned"; accountId: string; accountName: string; sanctionId: string; reason: string; expiresAtMs: number | null }
  | { type: "report.filed"; reportId: string; messageId: string; reason: string; reporterCharacterName: string; messageContent: string }
  | {
      /** A reported message's triage rose to this level or above (moderation's triage rule). */
      type: "report.priority.high" | "report.priority.urgent";
      messageId: string;
      priority: string;
      reasons: string[];
      dueAtMs: number;
    }
  | { type: typeof TEST_EVENT };

export function eventSummary(data: EventData): string {
  switch (data.type) {
    case "account.banned":
      return `Account banned: ${data.accountName || data.accountId} ${data.expiresAtMs === null ? "permanently" : `until ${new Date(data.expiresAtMs).toISOString()}`} (${data.reason})`;
    case "report.filed":
      return `Message reported by ${data.reporterCharacterName} (${data.reason}): "${data.messageContent}"`;
    case "report.priority.high":
    case "report.priority.urgent":
      return `Reported message ${data.messageId} is now ${data.priority} priority (${data.reasons.join(" · ")}), due by ${new Date(data.dueAtMs).toISOString()}`;
    case TEST_EVENT:
      return "Test delivery from SRO: this endpoint receives our webhooks.";
  }
}

/** The body for one format: JSON as Standard Webhooks shapes it, chat formats as their incoming webhooks accept. */
export function webhookBody(format: WebhookFormat, data: EventData, atMs: number): Record<string, unknown> {
  const { type, ...fields } = data;
  if (format === "json") return { type, timestamp: new Date(atMs).toISOString(), data: fields };
  const summary = eventSummary(data);
  // Chat formats: mentions in reported text must not ping anyone.
  if (format === "discord") return { content: truncate(summary, DISCORD_CONTENT_MAX), allowed_mentions: { parse: [] } };
  return { text: summary.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!) };
}

const truncate = (text: string, max: number) => ([...text].length <= max ? text : `${[...text].slice(0, max - 1).join("")}…`);
