import { Code, ConnectError } from '@connectrpc/connect';
import { z } from '../../lib/zod';
import type { WebhookInput, WebhookRecord } from '../../lib/api/webhooks';

// The server's rules (docs/moderation.md "Webhooks"), checked here first so each error names its field.
export const MAX_URL_LENGTH = 2000;
export const MAX_DESCRIPTION_LENGTH = 200;
export const URL_REQUIRED = 'URL is required';
export const URL_NOT_HTTP = 'URL must be an absolute http or https URL';
export const URL_HAS_CREDENTIALS = 'URL must not contain a user name or password (receivers check the signature instead)';
export const EVENTS_REQUIRED = 'Events: choose at least one';

function urlProblem(value: string): string | undefined {
  if (value === '') return URL_REQUIRED;
  if (value.length > MAX_URL_LENGTH) return `URL must be at most ${MAX_URL_LENGTH} characters`;
  if (/\s/.test(value)) return 'URL must not contain spaces';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return URL_NOT_HTTP;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return URL_NOT_HTTP;
  if (url.username || url.password) return URL_HAS_CREDENTIALS;
  return undefined;
}

export const webhookFormSchema = z.object({
  url: z.string().check(
    z.trim(),
    z.superRefine((value, ctx) => {
      const problem = urlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  ),
  events: z.array(z.string()).check(z.minLength(1, EVENTS_REQUIRED)),
  format: z.string().check(z.minLength(1, 'Format is required')),
  description: z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`)),
  enabled: z.boolean(),
});

export type WebhookFormValues = z.infer<typeof webhookFormSchema>;

export const NEW_WEBHOOK: WebhookFormValues = { url: '', events: [], format: '1', description: '', enabled: true };

export const formValues = (w: WebhookRecord): WebhookFormValues => ({
  url: w.url,
  events: w.events,
  format: String(w.format),
  description: w.description,
  enabled: w.enabled,
});

export const toWebhookInput = (v: WebhookFormValues): WebhookInput => ({
  url: v.url,
  events: v.events,
  format: Number(v.format),
  description: v.description,
});

/** The field a server INVALID_ARGUMENT names ('url: must be …') and its rule, so the error shows under that field. */
export function serverFieldError(error: unknown): { field: 'url' | 'events' | 'format' | 'description'; message: string } | undefined {
  if (!(error instanceof ConnectError) || error.code !== Code.InvalidArgument) return undefined;
  const hit = /^(url|events|format|description): (.*)$/s.exec(error.rawMessage);
  if (!hit) return undefined;
  const field = hit[1] as 'url' | 'events' | 'format' | 'description';
  const label = { url: 'URL', events: 'Events', format: 'Format', description: 'Description' }[field];
  return { field, message: `${label} ${hit[2]}` };
}
