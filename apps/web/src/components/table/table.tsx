import { useId, useRef, type ReactNode } from 'react';
import { type ColumnDef, type PaginationState, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { ACTIONS_COLUMN_ID, SELECT_COLUMN_ID, type RowLinks } from './table-columns';
import { SortableHeader } from './table-header';
import { TablePagination } from './table-pagination';
import { PAGE_SIZE_OPTIONS } from './pagination';
import type { TableView } from './table-url-state';
import { TableBody } from './table-body';
import { useHorizontalOverflow } from './use-horizontal-overflow';
import { useTableModel } from './use-table-model';

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
  /** Rows the skeleton draws (default: a page's): a section that holds a few rows draws one, so nothing below jumps. */
  skeletonRows?: number;
  /**
   * Widths by column id (Tailwind classes): the table then lays out fixed (wide enough to scroll sideways on a phone),
   * so the columns keep their widths when the rows replace the skeleton; columns not named share what is left.
   */
  columnWidths?: Readonly<Record<string, string>>;
}

/** A search hid every row of a list that has some. */
export const NO_MATCH_TEXT = 'No results match';

export function Table<T>(props: TableProps<T>) {
  const { label, data, loading = false, manual } = props;
  const { viewHref, pageSizeOptions = PAGE_SIZE_OPTIONS, emptyMessage = 'No results found' } = props;
  const detailHref = props.detailHref ?? viewHref;
  const searchId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const overflowing = useHorizontalOverflow(scrollerRef);
  const { table, globalFilter, setFilter, pagination, setPagination, total, pageCount } = useTableModel(props);

  const visibleColumns = table.getVisibleLeafColumns().length;
  // On a phone the row's other cells may be off-screen: its first cell is the way to its detail.
  const firstDataColumn = table.getVisibleLeafColumns().find((c) => c.id !== SELECT_COLUMN_ID && c.id !== ACTIONS_COLUMN_ID)?.id;
  const rows = table.getRowModel().rows;

  return (
    <div className="overflow-hidden rounded-xl border border-white/10 bg-night-900/70">
      {props.showSearch && <TableSearchBox id={searchId} label={label} value={globalFilter} onChange={setFilter} />}
      {/* relative: visually hidden (absolute) labels in wide tables stay inside the scroller instead of widening the page.
          When the table is wider than the screen, the scroller is a named, focusable region so keyboard users can
          scroll it with the arrow keys (WCAG 2.1.1). */}
      <div
        ref={scrollerRef}
        className="relative overflow-x-auto focus-visible:outline-offset-[-2px]"
        {...(overflowing ? { role: 'region', 'aria-label': `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
      >
        <table className={`w-full text-left text-sm ${props.columnWidths ? 'min-w-[56rem] table-fixed' : ''}`} aria-busy={loading || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortableHeader key={header.id} header={header} width={props.columnWidths?.[header.column.id]} />
                ))}
              </tr>
            ))}
          </thead>
          <TableBody
            rows={rows}
            loading={loading}
            skeletonRows={props.skeletonRows ?? pagination.pageSize}
            visibleColumns={visibleColumns}
            firstDataColumn={firstDataColumn}
            detailHref={detailHref}
            // The list has rows, the search hid them all: the empty-list text would be false.
            emptyText={!manual && data.length > 0 && globalFilter.trim() !== '' ? NO_MATCH_TEXT : emptyMessage}
          />
        </table>
      </div>
      {/* While loading: skeletons only ('Showing 0 to 0 of 0 results' would say the list is empty). */}
      {loading ? (
        // The pagination's layout and height, so the page below does not move when it comes.
        <div
          className="flex flex-col gap-3 border-t border-white/10 px-3 py-3 md:flex-row md:items-center md:justify-between"
          data-testid="skeleton-footer"
          aria-hidden="true"
        >
          <span className="skeleton block h-5 w-56" />
          <span className="flex flex-wrap items-center gap-3">
            <span className="skeleton block h-7 w-40" />
            <span className="skeleton block h-8 w-40" />
          </span>
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

/** The search box above a table that owns its search. */
function TableSearchBox({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="border-b border-white/10 p-3">
      <label htmlFor={id} className="sr-only">
        Search {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Search… (e.g. nova in:name)"
        className="w-full max-w-sm rounded-md border border-white/20 bg-night-800 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400"
      />
    </div>
  );
}
