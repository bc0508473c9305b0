import { ConnectError } from '@connectrpc/connect';
import { SanctionSchema } from '../../gen/sro/moderation/moderation_pb';
import { formatLocalTime, toSanctionRecord, type SanctionRecord } from './sanction-records';

/** The sanction that refused a send or a stream: the server puts it in the PERMISSION_DENIED error's details. */
export function refusingSanction(error: unknown): SanctionRecord | null {
  if (!(error instanceof ConnectError)) return null;
  const [sanction] = error.findDetails(SanctionSchema);
  return sanction ? toSanctionRecord(sanction) : null;
}

/** 'in Prime Runners', 'in every channel of Prime', 'everywhere'. */
function whereText(s: SanctionRecord): string {
  if (s.scope === 'channel') return `in ${s.scopeName ? `the channel ${s.scopeName}` : 'this channel'}`;
  if (s.scope === 'dimension') return `in every channel of ${s.scopeName ? `the dimension ${s.scopeName}` : 'this dimension'}`;
  return 'everywhere';
}

/** 'until Nov 24, 2026, 2:00 PM' (the reader's time) or 'permanently'. */
export const untilText = (expiresAtMs: number, format?: Intl.DateTimeFormat) =>
  expiresAtMs === 0 ? 'permanently' : `until ${formatLocalTime(expiresAtMs, format)}`;

/**
 * What a sanctioned player reads instead of a bare PERMISSION_DENIED: what, where and until when, then the
 * moderators' message. E.g. 'You are muted in the channel Prime Runners until Nov 24, 2026, 2:00 PM. Message from
 * the moderators: Cool off.'
 */
export function sanctionRefusalText(s: SanctionRecord, format?: Intl.DateTimeFormat): string {
  const what = s.kind === 'ban' ? 'You are banned' : 'You are muted';
  const base = `${what} ${whereText(s)} ${untilText(s.expiresAtMs, format)}.`;
  return s.playerMessage ? `${base} Message from the moderators: ${s.playerMessage}` : base;
}

/** The refusal text when a sanction refused the call, else null. */
export function sanctionRefusalOf(error: unknown): string | null {
  const sanction = refusingSanction(error);
  return sanction ? sanctionRefusalText(sanction) : null;
}
