import { create } from '@bufbuild/protobuf';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { AuditRecordSchema, type AuditRecord } from '../../../gen/sro/moderation/audit_pb';
import { toAuditEntry } from '../../../lib/api/audit-entry';
import { auditCsv, CSV_COLUMNS, EXPORT_PAGE_SIZE, exportFileName, fetchAllAuditRecords } from './audit-csv';
import type { AuditRequest } from '../../../lib/api/audit';

const record = (n: number, overrides: Partial<AuditRecord> = {}): AuditRecord =>
  create(AuditRecordSchema, {
    id: `a-${n}`,
    timeMs: BigInt(Date.UTC(2026, 10, 24, 12, 0, 0) - n * 1000),
    actorId: 'u-admin',
    actorName: 'Ada Admin',
    action: 'character.edit',
    targetType: 'character',
    targetId: `c-${n}`,
    beforeJson: '{"name":"Pia"}',
    afterJson: '{"name":"Pia, \\"N\\""}',
    requestId: `req-${n}`,
    sourceAddress: '203.0.113.7',
    ...overrides,
  });

const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data;

describe('audit CSV', () => {
  it('writes a header and one row per record: ISO-8601 UTC time, ids, names, JSON quoted by the CSV rules', () => {
    const csv = auditCsv([toAuditEntry(record(0))]);
    expect(csv.startsWith('\uFEFFtime,actor_id,actor_name,action,target_type,target_id,request_id,source_address\r\n')).toBe(true);
    expect(parse(csv)).toEqual([
      [...CSV_COLUMNS],
      ['2026-11-24T12:00:00.000Z', 'u-admin', 'Ada Admin', 'character.edit', 'character', 'c-0', 'req-0', '203.0.113.7'],
    ]);
  });

  it("guards against formula injection: a cell starting with = + - @ (or tab, CR) gets a leading '", () => {
    const hostile = record(0, {
      actorName: '=HYPERLINK("http://evil.test","x")',
      // Multi-line: Papa's built-in pattern would miss this one.
      targetType: '=cmd|\'/c calc\'!A0\n{"x":1}',
      targetId: '+1+1',
      requestId: '-2',
      sourceAddress: '@SUM(A1)',
      action: '\tTAB',
    });
    const [, row] = parse(auditCsv([toAuditEntry(hostile)]));
    expect(row!.slice(2)).toEqual(['\'=HYPERLINK("http://evil.test","x")', "'\tTAB", "'=cmd|'/c calc'!A0\n{\"x\":1}", "'+1+1", "'-2", "'@SUM(A1)"]);
    // Ordinary values are left alone.
    expect(parse(auditCsv([toAuditEntry(record(1))]))[1]![1]).toBe('u-admin');
  });

  it('names the file by the UTC time without colons', () => {
    expect(exportFileName(new Date(Date.UTC(2026, 10, 24, 12, 30, 5)))).toBe('audit-log-2026-11-24T12-30-05Z.csv');
  });
});

describe('fetching the filtered set for export', () => {
  function server(records: AuditRecord[]) {
    const requests: AuditRequest[] = [];
    const listPage = vi.fn(async (request: AuditRequest) => {
      requests.push(request);
      const matching = records.filter((r) => request.toMs === undefined || r.timeMs <= request.toMs);
      const offset = request.offset ?? 0;
      return { total: BigInt(matching.length), records: matching.slice(offset, offset + (request.limit ?? 0)) };
    });
    return { listPage, requests };
  }

  it('pages 500 at a time with the filters up to the total, reporting progress', async () => {
    const records = Array.from({ length: 1234 }, (_, n) => record(n));
    const { listPage, requests } = server(records);
    const progress: number[] = [];
    const all = await fetchAllAuditRecords(listPage, { action: 'character.' }, { onProgress: (p) => progress.push(p.fetched) });
    expect(all.map((r) => r.id)).toEqual(records.map((r) => r.id));
    expect(all[0]).toEqual(toAuditEntry(records[0]!));
    expect(requests.map((r) => [r.offset, r.limit, r.action, r.forExport])).toEqual([
      [0, EXPORT_PAGE_SIZE, 'character.', true],
      [500, EXPORT_PAGE_SIZE, 'character.', true],
      [1000, EXPORT_PAGE_SIZE, 'character.', true],
    ]);
    expect(progress).toEqual([500, 1000, 1234]);
  });

  it('ends the range at the first page’s newest record, so records written meanwhile do not shift the pages', async () => {
    const records = Array.from({ length: 600 }, (_, n) => record(n));
    const { listPage, requests } = server(records);
    listPage.mockImplementationOnce(async (request: AuditRequest) => {
      requests.push(request);
      const page = { total: 600n, records: records.slice(0, 500) };
      // A new write lands after the first page was read.
      records.unshift(record(-1));
      return page;
    });
    const all = await fetchAllAuditRecords(listPage, {});
    expect(requests[1]!.toMs).toBe(record(0).timeMs);
    expect(all).toHaveLength(600);
    expect(new Set(all.map((r) => r.id)).size).toBe(600);
    expect(all.some((r) => r.id === 'a--1')).toBe(false);
  });

  it('fails the whole export when a page fails', async () => {
    const { listPage } = server(Array.from({ length: 700 }, (_, n) => record(n)));
    listPage.mockImplementationOnce(async () => ({ total: 700n, records: Array.from({ length: 500 }, (_, n) => record(n)) }));
    listPage.mockRejectedValueOnce(new Error('UNAVAILABLE'));
    await expect(fetchAllAuditRecords(listPage, {})).rejects.toThrow('UNAVAILABLE');
  });

  it('stops when the server returns nothing new (never loops forever)', async () => {
    const page = Array.from({ length: 500 }, (_, n) => record(n));
    const listPage = vi.fn(async () => ({ total: 5000n, records: page }));
    expect(await fetchAllAuditRecords(listPage, {})).toHaveLength(500);
    expect(listPage).toHaveBeenCalledTimes(2);
  });
});
