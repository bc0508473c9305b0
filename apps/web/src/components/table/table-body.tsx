import type { ReactNode } from 'react';
import { flexRender, type Row } from '@tanstack/react-table';
import { Link } from 'react-router';
import { ACTIONS_COLUMN_ID } from './table-columns';
import { STICKY_ACTIONS } from './table-sticky';

const SKELETON_ROWS_MAX = 10;

interface TableBodyProps<T> {
  rows: Row<T>[];
  loading: boolean;
  skeletonRows: number;
  visibleColumns: number;
  /** The column whose cell links to the row's detail page. */
  firstDataColumn: string | undefined;
  detailHref: ((row: T) => string) | undefined;
  /** Shown in place of rows when there are none. */
  emptyText: ReactNode;
}

/** A table's rows: skeletons while loading, then the page's rows, or one row saying there are none. */
export function TableBody<T>({ rows, loading, skeletonRows, visibleColumns, firstDataColumn, detailHref, emptyText }: TableBodyProps<T>) {
  return (
    <tbody className="divide-y divide-white/5">
      {loading
        ? Array.from({ length: Math.min(skeletonRows, SKELETON_ROWS_MAX) }, (_, i) => (
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
            {emptyText}
          </td>
        </tr>
      )}
    </tbody>
  );
}
