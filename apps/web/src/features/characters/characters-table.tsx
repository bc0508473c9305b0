import { useEffect, useMemo, useRef } from 'react';
import { ListLoadError, RetryButton } from '../../components/load-error';
import { Table, type TableColumns } from '../../components/table/table';
import { useTableUrlState } from '../../components/table/table-url-state';
import { useLastPageClamp } from '../../components/table/use-last-page-clamp';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { Badge } from '../../components/badge';
import { useCharacterPage } from '../../lib/api/characters';
import { useDimensions } from '../../lib/api/dimensions';
import { useOwners } from '../../lib/api/owners';
import type { CharacterRecord, DimensionRecord } from '../../lib/api/records';
import type { OwnerRecord } from '../../lib/identity-admin/owner-directory';
import { listLoadFailureText } from '../../lib/rpc/rpc-error';
import { formatAge, formatPlayTime } from '../../lib/time-format';
import { capitalize } from './character-messages';
import { OwnerSummary } from './owner-summary';

/**
 * Server search starts once typing pauses. Shorter than the selects' 300 ms: the search is the user's wait (the
 * console's budget for a filter is 300 ms, docs/performance.md), and a superseded request is cancelled (the query
 * passes its abort signal to the call). 100 ms still skips the keystrokes of a fast typist (~100-150 ms apart),
 * whose short prefixes are the costliest searches.
 */
export const CHARACTER_SEARCH_DEBOUNCE_MS = 100;

/** The columns the server sorts characters by (name, owner, realm, gender, dimension, playtime, age; docs/product.md#screens-and-routes). */
const CHARACTER_SORT_COLUMNS = ['name', 'ownerId', 'realm', 'gender', 'dimensionId', 'playTime', 'createdAt'];

function characterColumns(
  owners: Map<string, OwnerRecord | null | undefined>,
  dimensions: readonly DimensionRecord[],
  online: ReadonlySet<string> | null,
): TableColumns<CharacterRecord> {
  const dimensionName = (id: string) => dimensions.find((d) => d.id === id)?.name ?? id;
  return [
    {
      id: 'name',
      accessorKey: 'name',
      header: 'Username',
      cell: (c) => (
        <span className="inline-flex items-center gap-2">
          <span className="font-medium text-white">{c.getValue<string>()}</span>
          {online?.has(c.row.original.id) && <Badge tone="green">Online</Badge>}
        </span>
      ),
    },
    {
      id: 'ownerId',
      accessorKey: 'ownerId',
      header: 'Owner',
      cell: ({ row }) => <OwnerSummary owner={owners.get(row.original.ownerId)} ownerId={row.original.ownerId} />,
    },
    { id: 'realm', accessorKey: 'realm', header: 'Realm', cell: (c) => capitalize(c.getValue<string>()) },
    { id: 'gender', accessorKey: 'gender', header: 'Gender', cell: (c) => capitalize(c.getValue<string>()) },
    { id: 'dimensionId', accessorKey: 'dimensionId', header: 'Dimension', cell: (c) => dimensionName(c.getValue<string>()) },
    { id: 'playTime', accessorKey: 'playTime', header: 'Playtime', cell: (c) => formatPlayTime(c.getValue<number>()) },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'Age',
      cell: (c) => <time dateTime={new Date(c.getValue<number>() * 1000).toISOString()}>{formatAge(c.getValue<number>())}</time>,
    },
  ];
}

interface Props {
  /** The header's search text; sent to the server (substring over name, owner id, realm, gender, dimension id, id). */
  search: string;
  /** The optional 'View' and 'Edit' column. */
  showActions?: boolean;
  /**
   * Who plays now, marked 'Online' beside the name. Given by the characters page (one ListOnlinePlayers for the
   * page); the dashboard's table goes without, so its route does not download the game-session client.
   */
  online?: ReadonlySet<string> | null;
}

/** Characters, paged, sorted and searched on the server: the set may hold a million rows. */
export function CharactersTable({ search, showActions = true, online = null }: Props) {
  const view = useTableUrlState(CHARACTER_SORT_COLUMNS);
  const { sorting, pagination, onPaginationChange } = view;
  const debouncedSearch = useDebouncedValue(search, CHARACTER_SEARCH_DEBOUNCE_MS);
  // A new search starts at page one (not the first render: a reload keeps the URL's page).
  const searched = useRef(debouncedSearch);
  useEffect(() => {
    if (searched.current === debouncedSearch) return;
    searched.current = debouncedSearch;
    if (pagination.pageIndex !== 0) onPaginationChange({ ...pagination, pageIndex: 0 });
  }, [debouncedSearch, pagination, onPaginationChange]);

  const sort = sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : null;
  const page = useCharacterPage({ pageIndex: pagination.pageIndex, pageSize: pagination.pageSize, sort, search: debouncedSearch });
  const rows = page.data?.characters ?? [];
  useLastPageClamp(page.data?.total, page.isPlaceholderData, pagination, onPaginationChange);
  const characters = page.data?.characters;
  const owners = useOwners(useMemo(() => (characters ?? []).map((c) => c.ownerId), [characters]));
  const dimensions = useDimensions();
  const columns = useMemo(() => characterColumns(owners, dimensions.data ?? [], online), [owners, dimensions.data, online]);

  // A failed page with nothing to show: the error and Retry instead of an empty table.
  if (page.isError && !page.data) return <ListLoadError what="characters" error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <div aria-busy={page.isFetching || undefined}>
      {page.isError && (
        <div role="alert" className="mb-3 flex flex-wrap items-center gap-3 text-sm text-rose-300">
          <p>{listLoadFailureText('characters', page.error)}</p>
          <RetryButton onRetry={() => void page.refetch()} />
        </div>
      )}
      <Table
        label="Characters"
        data={rows}
        columns={columns}
        getRowId={(c) => c.id}
        loading={page.isPending}
        globalFilter={search}
        manual={{ rowCount: page.data?.total ?? 0, ...view }}
        viewHref={showActions ? (c) => `/admin/characters/${c.id}` : undefined}
        editHref={showActions ? (c) => `/admin/characters/${c.id}/edit` : undefined}
        rowLabel={(c) => c.name}
        detailHref={(c) => `/admin/characters/${c.id}`}
      />
    </div>
  );
}
