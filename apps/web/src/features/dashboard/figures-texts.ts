import type { ModerationFigures, TimeToAction } from '../../gen/sro/moderation/operations_pb';
import { waitedText } from './online-texts';

/** A percentile as the block shows it: a wait in words, or a dash when nothing was acted on. */
export const percentileText = (ms: number | undefined) => (ms === undefined ? '—' : waitedText(ms));

/** The queues' rows of the figures table: label, how many were acted on, p50, p90. */
export function queueRows(f: ModerationFigures): [string, string, string, string][] {
  const row = (label: string, t: TimeToAction | undefined): [string, string, string, string] => [
    label,
    String(t?.count ?? 0),
    percentileText(t?.p50Ms),
    percentileText(t?.p90Ms),
  ];
  return [row('Reports', f.reports), row('Held messages', f.heldMessages), row('Appeals', f.appeals)];
}

/** 'Repeat offences: 1 of 4 sanctioned accounts (25 %) sanctioned again within 30 days', or none sanctioned. */
export function repeatText(f: Pick<ModerationFigures, 'sanctionedAccounts' | 'repeatAccounts'>): string {
  if (f.sanctionedAccounts === 0) return 'Repeat offences: no account sanctioned';
  const share = Math.round((100 * f.repeatAccounts) / f.sanctionedAccounts);
  const accounts = f.sanctionedAccounts === 1 ? 'sanctioned account' : 'sanctioned accounts';
  return `Repeat offences: ${f.repeatAccounts} of ${f.sanctionedAccounts} ${accounts} (${share} %) sanctioned again within 30 days`;
}

/** 'Appeals decided: 1 upheld · 1 shortened · 0 revoked'. */
export function appealsText(f: Pick<ModerationFigures, 'appealsUpheld' | 'appealsShortened' | 'appealsRevoked'>): string {
  return `Appeals decided: ${f.appealsUpheld} upheld · ${f.appealsShortened} shortened · ${f.appealsRevoked} revoked`;
}

/** A latency in milliseconds: '85 ms', '1.2 s'. */
export const latencyText = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * 'Ban to disconnect: p50 120 ms · p99 340 ms over 5 account bans that ended streams', or that none did (a ban of an
 * offline player ends none and is not counted).
 */
export function banDisconnectText(f: Pick<ModerationFigures, 'banDisconnects' | 'banDisconnectP50Ms' | 'banDisconnectP99Ms'>): string {
  if (f.banDisconnects === 0 || f.banDisconnectP50Ms === undefined || f.banDisconnectP99Ms === undefined)
    return 'Ban to disconnect: no account ban ended a stream';
  const bans = f.banDisconnects === 1 ? 'account ban that ended streams' : 'account bans that ended streams';
  return `Ban to disconnect: p50 ${latencyText(f.banDisconnectP50Ms)} · p99 ${latencyText(f.banDisconnectP99Ms)} over ${f.banDisconnects} ${bans}`;
}
