import { useEffect, useMemo, useRef, useState } from 'react';
import {
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type FilterFn,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { actionsColumn, selectColumn } from './table-columns';
import { DEFAULT_PAGE_SIZE } from './pagination';
import { flattenFields, parseTableQuery, rowMatchesQuery } from './table-query';
import type { TableProps } from './table';

/**
 * The table's state (its own, or its owner's when `view`/`manual` is given), the TanStack table built on it, and the
 * page-keeping rules (a new search starts at page one; a shrunken result never strands us past the end).
 */
export function useTableModel<T>(props: TableProps<T>) {
  const { data, columns, getRowId, loading = false, manual, selectable = false, viewHref, editHref, rowLabel } = props;
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

  return { table, globalFilter, setFilter, pagination, setPagination, total, pageCount };
}
