import Papa from 'papaparse';
import type { AuditRecord } from '../../../gen/sro/moderation/audit_pb';
import { toAuditEntry, type AuditEntry } from '../../../lib/api/audit-entry';
import type { AuditRequest } from '../../../lib/api/audit';

/**
 * No before/after: list pages do not carry them (one record can be large, e.g. a big edit), only a single record
 * does; the record page shows them.
 */
export const CSV_COLUMNS = ['time', 'actor_id', 'actor_name', 'action', 'target_type', 'target_id', 'request_id', 'source_address'] as const;

/**
 * Cells a spreadsheet would run as a formula (OWASP's list: = + - @, tab, carriage return) get a leading '.
 * Papa's own `escapeFormulae: true` pattern ends in `.*$` without the s flag, so it misses a cell whose first line
 * starts a formula and that goes on over more lines — a target id or a name pasted with a line break can.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Byte order mark: spreadsheet programs then read the file as UTF-8 (names and messages are not all ASCII). */
const BOM = '\uFEFF';

export const EXPORT_PAGE_SIZE = 500;

export function auditCsvRow(r: AuditEntry): string[] {
  return [new Date(r.timeMs).toISOString(), r.actorId, r.actorName, r.action, r.targetType, r.targetId, r.requestId, r.sourceAddress];
}

/** The records as CSV text (RFC 4180 quoting by Papa Parse, CRLF lines, a header row). */
export function auditCsv(records: readonly AuditEntry[]): string {
  return BOM + Papa.unparse({ fields: [...CSV_COLUMNS], data: records.map(auditCsvRow) }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

export interface ExportProgress {
  fetched: number;
  total: number;
}

type ListPage = (request: AuditRequest, options: { signal?: AbortSignal }) => Promise<{ total: bigint; records: AuditRecord[] }>;

/**
 * Every record of the filtered set, a page of 500 at a time, newest first. Records written while the export runs
 * would shift the later pages (newest first), so after the first page the range ends at its newest record's time;
 * a record seen twice (one written in that same millisecond shifts the pages by one) is kept once, and the
 * export reads on to the first short page rather than stopping at the first total. A failed page rejects the whole export.
 */
export async function fetchAllAuditRecords(
  listPage: ListPage,
  filter: AuditRequest,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<AuditEntry[]> {
  const byId = new Map<string, AuditEntry>();
  let request: AuditRequest = { ...filter };
  let total = 0;
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    // forExport: the server records the export once, on its first page (docs/moderation.md "Audit log").
    const page = await listPage({ ...request, limit: EXPORT_PAGE_SIZE, offset, forExport: true }, { signal });
    if (offset === 0) {
      total = Number(page.total);
      const newest = page.records[0];
      if (newest) request = { ...request, toMs: newest.timeMs };
    }
    const before = byId.size;
    for (const record of page.records) byId.set(record.id, toAuditEntry(record));
    onProgress?.({ fetched: Math.min(byId.size, total), total });
    // A short page is the last; a page with nothing new means the server stopped moving (never loop forever).
    if (page.records.length < EXPORT_PAGE_SIZE || byId.size === before) break;
  }
  return [...byId.values()];
}

/** 'audit-log-2026-11-24T12-30-05Z.csv' (no colons: not every file system takes them). */
export function exportFileName(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.csv`;
}
