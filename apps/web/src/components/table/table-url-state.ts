import type { PaginationState, SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useUrlState } from '../../lib/use-url-state';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './pagination';

/** A table's sort and page, owned by whoever renders it (the URL, for a page's main table). */
export interface TableView {
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
}

/** `?sort=name` (ascending) or `?sort=-name`, `?page=` from 1, `?size=` one of the page sizes; defaults are left out. */
export interface TableUrlState {
  sort: { id: string; desc: boolean } | null;
  pageIndex: number;
  pageSize: number;
  /** The query's other parameters, kept as they are. */
  others: string;
}

const KEYS = ['sort', 'page', 'size'];

/** The columns a table sorts by (TanStack sorts every column unless told not to). */
export const sortableIds = (columns: readonly { id?: string; enableSorting?: boolean }[]): string[] =>
  columns.flatMap((column) => (column.id && column.enableSorting !== false ? [column.id] : []));

export function tableStateFromSearch(params: URLSearchParams): TableUrlState {
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const others = new URLSearchParams(params);
  for (const key of KEYS) others.delete(key);
  return {
    sort: /^-?[A-Za-z][\w.]*$/.test(sort) ? { id: sort.replace(/^-/, ''), desc: sort.startsWith('-') } : null,
    pageIndex: Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    others: others.toString(),
  };
}

export function tableStateToSearch(state: TableUrlState): URLSearchParams {
  const params = new URLSearchParams(state.others);
  if (state.sort) params.set('sort', `${state.sort.desc ? '-' : ''}${state.sort.id}`);
  if (state.pageIndex > 0) params.set('page', String(state.pageIndex + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  return params;
}

/**
 * The page's main table keeps its sort and page in the URL, so a reload, a shared link or Back from a row's detail
 * shows the same rows. A sort by a column the table cannot sort by is ignored. Changing the sort or the page size
 * starts at page one.
 */
export function useTableUrlState(sortable: readonly string[]): TableView {
  const [state, setState] = useUrlState(tableStateFromSearch, tableStateToSearch);
  const sortId = state.sort && sortable.includes(state.sort.id) ? state.sort.id : null;
  const desc = state.sort?.desc ?? false;
  const sorting = useMemo<SortingState>(() => (sortId ? [{ id: sortId, desc }] : []), [sortId, desc]);
  const pagination = useMemo(() => ({ pageIndex: state.pageIndex, pageSize: state.pageSize }), [state.pageIndex, state.pageSize]);
  const onSortingChange = useCallback(
    (next: SortingState) => setState((current) => ({ ...current, sort: next[0] ? { id: next[0].id, desc: next[0].desc } : null, pageIndex: 0 })),
    [setState],
  );
  const onPaginationChange = useCallback(
    (next: PaginationState) =>
      setState((current) => ({ ...current, pageSize: next.pageSize, pageIndex: next.pageSize === current.pageSize ? next.pageIndex : 0 })),
    [setState],
  );
  return { sorting, onSortingChange, pagination, onPaginationChange };
}
