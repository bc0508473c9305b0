import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button-styles';
import type { PaginationState } from '@tanstack/react-table';
import { ListLoadError, RetryButton } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { DEFAULT_PAGE_SIZE } from '../../../components/table/pagination';
import { useSanctionList } from '../../../lib/api/sanctions';
import { listLoadFailureText } from '../../../lib/rpc/rpc-error';
import { useUrlState } from '../../../lib/use-url-state';
import { filtersFromParams, filtersToParams, SanctionFilters, type SanctionFilterValues } from './sanction-filters';
import { SanctionsTable } from './sanctions-table';
import { useAreaHref } from '../../../lib/area-links';

/** The list's filters and page (`?page=` counts from 1), as the URL holds them. */
type ListState = SanctionFilterValues & { pageIndex: number };
const stateFromParams = (params: URLSearchParams): ListState => ({
  ...filtersFromParams(params),
  pageIndex: Math.max(0, (Number(params.get('page')) || 1) - 1),
});
const stateToParams = ({ pageIndex, ...filters }: ListState) => filtersToParams(filters, pageIndex);

/** /admin/sanctions: every sanction, newest first, filtered and paged on the server. */
export default function SanctionsListPage() {
  // Filters and page live in the URL (lib/use-url-state.ts).
  const [state, setState] = useUrlState(stateFromParams, stateToParams);
  const { pageIndex, ...filters } = state;
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const page = useSanctionList({ ...filters, pageIndex, pageSize });
  const href = useAreaHref();
  // Only where the caller may edit them (the desk leaves the page out otherwise).
  const settingsHref = href('sanctions/settings');

  // A new filter starts at page one.
  const change = (changes: Partial<SanctionFilterValues>) => setState((current) => ({ ...current, ...changes, pageIndex: 0 }));
  const paginate = (next: PaginationState) => {
    setPageSize(next.pageSize);
    setState((current) => ({ ...current, pageIndex: next.pageSize === pageSize ? next.pageIndex : 0 }));
  };

  return (
    <>
      <title>Sanctions · SRO Admin</title>
      <PageHeader
        title="Sanctions"
        description="Mutes and bans of characters and accounts, newest first. Open one to see it in full or revoke it."
        actions={
          settingsHref && (
            <Link to={settingsHref} className={buttonClasses('secondary')}>
              Reasons and ladder
            </Link>
          )
        }
      />
      <SanctionFilters filters={filters} onChange={change} />
      {page.isError && !page.data ? (
        <ListLoadError what="sanctions" error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <div aria-busy={page.isFetching || undefined}>
          {page.isError && (
            <div role="alert" className="mb-3 flex flex-wrap items-center gap-3 text-sm text-rose-300">
              <p>{listLoadFailureText('sanctions', page.error)}</p>
              <RetryButton onRetry={() => void page.refetch()} />
            </div>
          )}
          <SanctionsTable
            label="Sanctions"
            sanctions={page.data?.sanctions ?? []}
            total={page.data?.total ?? 0}
            loading={page.isPending}
            pagination={{ pageIndex, pageSize }}
            onPaginationChange={paginate}
            emptyMessage={Object.values(filters).some(Boolean) ? 'No sanction matches these filters.' : 'No sanctions yet.'}
            detailHref={(s) => href(`sanctions/${s.id}`) ?? ''}
          />
        </div>
      )}
    </>
  );
}
