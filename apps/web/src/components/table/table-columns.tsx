import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ColumnDef, Row, Table } from '@tanstack/react-table';

export const SELECT_COLUMN_ID = '__select';
export const ACTIONS_COLUMN_ID = '__actions';

function Checkbox({
  checked,
  indeterminate,
  label,
  ...rest
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  disabled?: boolean;
  onChange: (event: unknown) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` exists only as a DOM property, not an attribute.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !!indeterminate && !checked;
  }, [indeterminate, checked]);
  return <input ref={ref} type="checkbox" aria-label={label} checked={checked} aria-checked={indeterminate && !checked ? 'mixed' : checked} {...rest} />;
}

export function selectColumn<T>(): ColumnDef<T> {
  return {
    id: SELECT_COLUMN_ID,
    enableSorting: false,
    enableGlobalFilter: false,
    header: ({ table }: { table: Table<T> }) => (
      <Checkbox
        label="Select all rows"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }: { row: Row<T> }) => (
      <Checkbox label={`Select row ${row.id}`} checked={row.getIsSelected()} disabled={!row.getCanSelect()} onChange={row.getToggleSelectedHandler()} />
    ),
  };
}

export interface RowLinks<T> {
  viewHref?: (row: T) => string;
  editHref?: (row: T) => string;
  /** Names the row inside link labels, e.g. "View Nova". */
  rowLabel?: (row: T) => string;
}

export function actionsColumn<T>({ viewHref, editHref, rowLabel }: RowLinks<T>): ColumnDef<T> {
  const link = 'rounded px-1 font-medium text-neon-cyan underline-offset-4 hover:underline';
  return {
    id: ACTIONS_COLUMN_ID,
    enableSorting: false,
    enableGlobalFilter: false,
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }: { row: Row<T> }) => {
      const name = rowLabel?.(row.original) ?? row.id;
      return (
        <span className="flex justify-end gap-3">
          {viewHref && (
            <Link to={viewHref(row.original)} className={link} aria-label={`View ${name}`}>
              View
            </Link>
          )}
          {editHref && (
            <Link to={editHref(row.original)} className={link} aria-label={`Edit ${name}`}>
              Edit
            </Link>
          )}
        </span>
      );
    },
  };
}
