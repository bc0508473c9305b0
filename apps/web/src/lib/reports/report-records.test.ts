import { describe, expect, it } from 'vitest';
import { ReportOutcome, ReportReason } from '../../gen/sro/moderation/reports_pb';
import { detailsProblem, detailsToSend, openCount, outcomeOf, PLAYER_OUTCOME_LABELS, reasonSummary, toReportRecord } from './report-records';
import { create } from '@bufbuild/protobuf';
import { ChatReportSchema } from '../../gen/sro/moderation/reports_pb';

describe('report records', () => {
  it('tells the reporter each outcome in their words', () => {
    expect(
      [ReportOutcome.UNSPECIFIED, ReportOutcome.DELETED, ReportOutcome.SANCTIONED, ReportOutcome.DISMISSED].map((o) => PLAYER_OUTCOME_LABELS[outcomeOf(o)]),
    ).toEqual(['Open', 'Message removed', 'Action taken', 'No action']);
  });

  it('sums up reasons, most frequent first, ties in the list order', () => {
    const reports = (['spam', 'hate', 'spam', 'harassment'] as const).map((reason) => ({ reason }));
    expect(reasonSummary(reports)).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'harassment', count: 1 },
      { reason: 'hate', count: 1 },
    ]);
  });

  it('counts open reports', () => {
    expect(openCount([{ outcome: 'open' }, { outcome: 'dismissed' }, { outcome: 'open' }])).toBe(2);
  });

  it('checks the optional details like the server: up to 500 characters, no control characters', () => {
    expect(detailsProblem('')).toBeUndefined();
    expect(detailsProblem(`  ${'a'.repeat(500)}  `)).toBeUndefined();
    expect(detailsProblem('a'.repeat(501))).toBe('Keep it to 500 characters (now 501).');
    expect(detailsProblem('ring\u0007')).toBe('Remove the control characters.');
    expect(detailsProblem('two\nlines')).toBeUndefined();
    expect(detailsToSend(' two\r\n\tlines ')).toBe('two lines');
  });

  it('reads a wire report', () => {
    const wire = create(ChatReportSchema, {
      id: 'r',
      messageId: '7',
      reason: ReportReason.CHEATING,
      createdAtMs: 5n,
      outcome: ReportOutcome.DISMISSED,
      resolvedAtMs: 9n,
    });
    expect(toReportRecord(wire)).toMatchObject({ id: 'r', messageId: '7', reason: 'cheating', createdAtMs: 5, outcome: 'dismissed', resolvedAtMs: 9 });
  });
});
