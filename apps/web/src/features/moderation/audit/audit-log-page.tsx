import { useCallback } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { buttonClasses } from '../../../components/button-styles';
import { ListLoadError, RetryButton } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useLastPageClamp } from '../../../components/table/use-last-page-clamp';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { listLoadFailureText } from '../../../lib/rpc/rpc-error';
import { useUrlState } from '../../../lib/use-url-state';
import { useCan } from '../../../lib/access/capabilities';
import { AuditExport } from './audit-export';
import { AuditFiltersForm, type FilterFields } from './audit-filters';
import { auditFilterRequest, auditPageRequest, filtersFromSearch, filtersToSearch, rangeError, type AuditFilters } from './audit-query';
import { AuditTable } from './audit-table';
import { useAuditRecords } from '../../../lib/api/audit';

/** Typing in a text filter asks the server once the typing pauses. */
export const AUDIT_TEXT_DEBOUNCE_MS = 300;

const matches = (total: number) => `${total} ${total === 1 ? 'record matches' : 'records match'}`;

/** /admin/audit: the audit log, newest first, filtered and paged on the server; admins see all, moderators their own. */
export default function AuditLogPage() {
  // Everyone's records, or (a moderator's 'own' grant) the caller's own: docs/permissions.md "Capabilities".
  const admin = useCan()('audit.read', 'all');
  // Filters live in the URL (lib/use-url-state.ts).
  const [filters, setFilters] = useUrlState(filtersFromSearch, filtersToSearch);
  // The text filters reach the server after a pause; the rest at once.
  const typed = useDebouncedValue(JSON.stringify([filters.actor, filters.action, filters.targetId]), AUDIT_TEXT_DEBOUNCE_MS);
  const [actor, action, targetId] = JSON.parse(typed) as [string, string, string];
  const applied: AuditFilters = { ...filters, actor, action, targetId };
  const invalid = !!rangeError(filters);
  const records = useAuditRecords(auditPageRequest(applied), !invalid);

  const onFilters = (changes: Partial<FilterFields>) => setFilters((current) => ({ ...current, ...changes, pageIndex: 0 }));
  const onPagination = useCallback(
    (p: PaginationState) => setFilters((current) => ({ ...current, pageIndex: p.pageIndex, pageSize: p.pageSize })),
    [setFilters],
  );

  useLastPageClamp(records.data?.total, records.isPlaceholderData, { pageIndex: filters.pageIndex, pageSize: filters.pageSize }, onPagination);

  const title = admin ? 'Audit log' : 'Your actions';
  const who = admin ? 'Every write in the console and the game API, and each read of personal data' : 'Your own writes and reads of personal data';
  const summary = records.data && !invalid ? `: ${matches(records.data.total)}` : '';
  return (
    <>
      <title>{`${title} · SRO Admin`}</title>
      <PageHeader
        title={title}
        description={`${who}, newest first${summary}.`}
        actions={
          <>
            <button type="button" className={buttonClasses('secondary')} onClick={() => void records.refetch()} disabled={invalid || records.isFetching}>
              Refresh
            </button>
            <AuditExport filter={auditFilterRequest(applied)} disabled={invalid || records.data?.total === 0} />
          </>
        }
      />
      <AuditFiltersForm filters={filters} onChange={onFilters} />
      {records.isError && !records.data ? (
        <ListLoadError what="the audit log" error={records.error} onRetry={() => void records.refetch()} />
      ) : (
        <div aria-busy={records.isFetching || undefined}>
          {records.isError && (
            <div role="alert" className="mb-3 flex flex-wrap items-center gap-3 text-sm text-rose-300">
              <p>{listLoadFailureText('the audit log', records.error)}</p>
              <RetryButton onRetry={() => void records.refetch()} />
            </div>
          )}
          <AuditTable
            records={invalid ? [] : (records.data?.records ?? [])}
            total={invalid ? 0 : (records.data?.total ?? 0)}
            loading={!invalid && records.isPending}
            pagination={{ pageIndex: filters.pageIndex, pageSize: filters.pageSize }}
            onPaginationChange={onPagination}
            emptyMessage={Object.values(auditFilterRequest(filters)).length > 0 || invalid ? 'No records match these filters.' : 'No records yet.'}
          />
        </div>
      )}
    </>
  );
}
