import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type FilterFn,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ACTIONS_COLUMN_ID, actionsColumn, SELECT_COLUMN_ID, selectColumn, type RowLinks } from './table-columns';
import { Link } from 'react-router';
import { SortableHeader } from './table-header';
import { TablePagination } from './table-pagination';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './pagination';
import type { TableView } from './table-url-state';
import { flattenFields, parseTableQuery, rowMatchesQuery } from './table-query';
import { STICKY_ACTIONS } from './table-sticky';
import { useHorizontalOverflow } from './use-horizontal-overflow';

/** Server-side mode: the parent owns sorting and paging and fetches one page at a time. */
export interface ManualTableState {
  rowCount: number;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
}

/**
 * A table's columns. Their value types differ from column to column, which TanStack types as `any` (its documented
 * convention: with `unknown`, columns made by `accessorKey` do not assign); cells read values as
 * `getValue<string>()`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: TanStack's column arrays are typed this way
export type TableColumns<T> = ColumnDef<T, any>[];

export interface TableProps<T> extends RowLinks<T> {
  /** Accessible name, rendered as the table caption. */
  label: string;
  data: readonly T[];
  columns: TableColumns<T>;
  getRowId: (row: T) => string;
  loading?: boolean;
  /** Search text ('text in:col1,col2' supported); filters locally unless `manual`. */
  globalFilter?: string;
  onGlobalFilterChange?: (value: string) => void;
  /** Renders a search box above the table (the admin header may own one instead). */
  showSearch?: boolean;
  selectable?: boolean;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  pageSizeOptions?: readonly number[];
  /** Who owns sort and page when it is not the table (a page's main table: the URL, table-url-state.ts). */
  view?: TableView;
  manual?: ManualTableState;
  emptyMessage?: ReactNode;
  /** Where a row's first cell links to (its detail page); defaults to `viewHref`. */
  detailHref?: (row: T) => string;
}

const SKELETON_ROWS_MAX = 10;

/** A search hid every row of a list that has some. */
export const NO_MATCH_TEXT = 'No results match';

export function Table<T>(props: TableProps<T>) {
  const { label, data, columns, getRowId, loading = false, manual, selectable = false } = props;
  const { viewHref, editHref, rowLabel, pageSizeOptions = PAGE_SIZE_OPTIONS, emptyMessage = 'No results found' } = props;
  const detailHref = props.detailHref ?? viewHref;
  const searchId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const overflowing = useHorizontalOverflow(scrollerRef);

  const [innerFilter, setInnerFilter] = useState('');
  const globalFilter = props.globalFilter ?? innerFilter;
  const [innerSorting, setInnerSorting] = useState<SortingState>([]);
  const [innerPagination, setInnerPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [innerSelection, setInnerSelection] = useState<RowSelectionState>({});
  const owner = manual ?? props.view;
  const sorting = owner?.sorting ?? innerSorting;
  const pagination = owner?.pagination ?? innerPagination;
  const rowSelection = props.rowSelection ?? innerSelection;
  const onPagination = owner?.onPaginationChange ?? setInnerPagination;

  const setFilter = (value: string) => (props.onGlobalFilterChange ?? setInnerFilter)(value);
  const setSorting = (updater: Updater<SortingState>) => (owner?.onSortingChange ?? setInnerSorting)(functionalUpdate(updater, sorting));
  const setPagination = (updater: Updater<PaginationState>) => onPagination(functionalUpdate(updater, pagination));
  const setSelection = (updater: Updater<RowSelectionState>) => {
    const next = functionalUpdate(updater, rowSelection);
    props.onRowSelectionChange?.(next);
    if (!props.rowSelection) setInnerSelection(next);
  };

  // Columns answer to their id and their header label (when it is text) in 'in:'.
  const searchColumns = useMemo(() => columns.flatMap((c) => (c.id ? [{ id: c.id, labels: typeof c.header === 'string' ? [c.header] : [] }] : [])), [columns]);
  // Row-level match, cached per row: TanStack asks once per column, we answer per row.
  const globalFilterFn = useMemo<FilterFn<T>>(() => {
    const query = parseTableQuery(globalFilter);
    const cache = new WeakMap<Row<T>, boolean>();
    return (row) => {
      let hit = cache.get(row);
      if (hit === undefined) {
        const fields = flattenFields(row.original);
        for (const cell of row.getAllCells()) if (cell.column.accessorFn) fields[cell.column.id] = cell.getValue();
        hit = rowMatchesQuery(fields, query, searchColumns);
        cache.set(row, hit);
      }
      return hit;
    };
  }, [globalFilter, searchColumns]);

  const allColumns = useMemo(() => {
    const cols = [...columns];
    if (selectable) cols.unshift(selectColumn<T>());
    if (viewHref || editHref) cols.push(actionsColumn<T>({ viewHref, editHref, rowLabel }));
    return cols;
  }, [columns, selectable, viewHref, editHref, rowLabel]);

  const table = useReactTable<T>({
    data: data as T[],
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, pagination, rowSelection, globalFilter },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onRowSelectionChange: setSelection,
    onGlobalFilterChange: (value: unknown) => setFilter(typeof value === 'string' ? value : ''),
    globalFilterFn,
    getColumnCanGlobalFilter: () => true,
    enableRowSelection: selectable,
    enableMultiSort: false,
    enableSortingRemoval: true,
    // Always ascending first, so the cycle is none → asc → desc → none for every type.
    sortDescFirst: false,
    manualSorting: !!manual,
    manualPagination: !!manual,
    manualFiltering: !!manual,
    rowCount: manual?.rowCount,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const total = manual ? manual.rowCount : table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pagination.pageSize));

  // A new search starts at page one; a shrunken result never strands us past the end.
  // (A manual table's owner pages itself.)
  const isManual = !!manual;
  const lastFilter = useRef(globalFilter);
  useEffect(() => {
    if (lastFilter.current === globalFilter) return;
    lastFilter.current = globalFilter;
    if (!isManual && pagination.pageIndex !== 0) onPagination({ ...pagination, pageIndex: 0 });
  }, [globalFilter, isManual, pagination, onPagination]);
  useEffect(() => {
    if (!isManual && !loading && pagination.pageIndex > pageCount - 1) onPagination({ ...pagination, pageIndex: pageCount - 1 });
  }, [pageCount, loading, isManual, pagination, onPagination]);

  const visibleColumns = table.getVisibleLeafColumns().length;
  // On a phone the row's other cells may be off-screen: its first cell is the way to its detail.
  const firstDataColumn = table.getVisibleLeafColumns().find((c) => c.id !== SELECT_COLUMN_ID && c.id !== ACTIONS_COLUMN_ID)?.id;
  const rows = table.getRowModel().rows;

  return (
    <div className="overflow-hidden rounded-xl border border-white/10 bg-night-900/70">
      {props.showSearch && (
        <div className="border-b border-white/10 p-3">
          <label htmlFor={searchId} className="sr-only">
            Search {label}
          </label>
          <input
            id={searchId}
            type="search"
            value={globalFilter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Search… (e.g. nova in:name)"
            className="w-full max-w-sm rounded-md border border-white/20 bg-night-800 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400"
          />
        </div>
      )}
      {/* relative: visually hidden (absolute) labels in wide tables stay inside the scroller instead of widening the page.
          When the table is wider than the screen, the scroller is a named, focusable region so keyboard users can
          scroll it with the arrow keys (WCAG 2.1.1). */}
      <div
        ref={scrollerRef}
        className="relative overflow-x-auto focus-visible:outline-offset-[-2px]"
        {...(overflowing ? { role: 'region', 'aria-label': `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
      >
        <table className="w-full text-left text-sm" aria-busy={loading || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortableHeader key={header.id} header={header} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-white/5">
            {loading
              ? Array.from({ length: Math.min(pagination.pageSize, SKELETON_ROWS_MAX) }, (_, i) => (
                  <tr key={i} data-testid="skeleton-row">
                    {Array.from({ length: visibleColumns }, (__, j) => (
                      <td key={j} className="px-3 py-3">
                        <span className="skeleton block h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={row.id} className="hover:bg-white/5" data-selected={row.getIsSelected() || undefined}>
                    {row.getVisibleCells().map((cell) => {
                      const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                      const actions = cell.column.id === ACTIONS_COLUMN_ID;
                      return (
                        <td key={cell.id} className={`px-3 py-2.5 text-slate-200 ${actions ? STICKY_ACTIONS : ''}`}>
                          {detailHref && cell.column.id === firstDataColumn ? (
                            <Link to={detailHref(row.original)} className="rounded decoration-neon-cyan underline-offset-4 hover:underline">
                              {content}
                            </Link>
                          ) : (
                            content
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
            {!loading && rows.length === 0 && (
              <tr>
                <td colSpan={visibleColumns} className="px-3 py-8 text-center text-slate-300">
                  {/* The list has rows, the search hid them all: the empty-list text would be false. */}
                  {!manual && data.length > 0 && globalFilter.trim() !== '' ? NO_MATCH_TEXT : emptyMessage}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {/* While loading: skeletons only ('Showing 0 to 0 of 0 results' would say the list is empty). */}
      {loading ? (
        <div className="border-t border-white/10 px-3 py-3" data-testid="skeleton-footer" aria-hidden="true">
          <span className="skeleton block h-5 w-56" />
        </div>
      ) : (
        <TablePagination
          of={label}
          pageIndex={pagination.pageIndex}
          pageSize={pagination.pageSize}
          pageCount={pageCount}
          total={total}
          pageSizeOptions={pageSizeOptions}
          onPageChange={(pageIndex) => setPagination((p) => ({ ...p, pageIndex }))}
          onPageSizeChange={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
        />
      )}
    </div>
  );
}
