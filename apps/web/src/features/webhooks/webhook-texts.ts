import { WebhookFormat, type DeliveryRecord } from '../../lib/api/webhooks';

/** The events an endpoint can ask for, as the server names them, with what they mean. */
export const WEBHOOK_EVENTS = [
  { value: 'account.banned', label: 'Account banned', hint: 'A new or longer account ban' },
  { value: 'report.filed', label: 'Report filed', hint: 'A player reported a chat message' },
  { value: 'report.priority.high', label: 'Report high priority', hint: 'A report made its message high priority or above' },
  { value: 'report.priority.urgent', label: 'Report urgent', hint: 'A report made its message urgent' },
] as const;

export const FORMAT_OPTIONS = [
  { value: String(WebhookFormat.JSON), label: 'JSON (Standard Webhooks)' },
  { value: String(WebhookFormat.DISCORD), label: 'Discord' },
  { value: String(WebhookFormat.SLACK), label: 'Slack' },
];

export const formatLabel = (format: WebhookFormat) => FORMAT_OPTIONS.find((o) => o.value === String(format))?.label ?? 'Unknown';

export const eventLabel = (event: string) => WEBHOOK_EVENTS.find((e) => e.value === event)?.label ?? event;

/**
 * A URL as the console shows it: scheme, host and port only. Discord and Slack put the endpoint's token in the path
 * (and others in the query), so the rest is elided on screen; the edit form still holds the whole URL.
 */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const more = parsed.pathname !== '/' || parsed.search !== '' ? '/…' : '';
    return `${parsed.protocol}//${parsed.host}${more}`;
  } catch {
    return '…';
  }
}

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
export const formatTime = (ms: number) => time.format(new Date(ms));

// The server words the last failure itself ('no answer within 5000 ms', 'the receiver answered HTTP 500').
const answer = (d: DeliveryRecord) => d.lastError || (d.lastStatus ? `the receiver answered HTTP ${d.lastStatus}` : 'the receiver did not answer');

/** One delivery's outcome in words, e.g. 'Delivered: the receiver answered HTTP 204 after 1 attempt.' */
export function deliveryOutcome(d: DeliveryRecord): string {
  const attempts = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
  if (d.state === 'delivered') return `Delivered: the receiver answered HTTP ${d.lastStatus} after ${attempts}.`;
  if (d.state === 'failed') return `Failed: ${answer(d)}; no attempt is left after ${attempts}.`;
  if (d.attempts === 0) return 'Pending: the first attempt is due.';
  const next = d.nextAttemptAtMs ? ` The next attempt is at ${formatTime(d.nextAttemptAtMs)}.` : '';
  return `Not delivered yet: ${answer(d)} after ${attempts}.${next}`;
}

/** The test button's outcome: the single attempt it makes (the server does not retry a test). */
export function testOutcome(d: DeliveryRecord): string {
  if (d.state === 'delivered') return `Test delivered: the receiver answered HTTP ${d.lastStatus}.`;
  return `Test not delivered: ${answer(d)}.`;
}
