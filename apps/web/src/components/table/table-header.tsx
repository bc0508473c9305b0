import { flexRender, type Header } from '@tanstack/react-table';
import { ACTIONS_COLUMN_ID } from './table-columns';
import { STICKY_ACTIONS_HEADER } from './table-sticky';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A header cell; sortable columns get a button that cycles none → asc → desc → none. Labels never wrap: the columns
 * take their widths from the skeleton first and the rows after, and a label wrapping then would move every row.
 */
export function SortableHeader<T>({ header, width = '' }: { header: Header<T, unknown>; width?: string }) {
  const column = header.column;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={`whitespace-nowrap px-3 py-3 font-semibold ${width} ${column.id === ACTIONS_COLUMN_ID ? STICKY_ACTIONS_HEADER : ''}`}>
        {content}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  return (
    <th scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${width}`} aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 uppercase tracking-wide hover:text-white"
      >
        {content}
        <svg aria-hidden="true" viewBox="0 0 12 16" className="h-3.5 w-3" fill="currentColor">
          <path d="M6 1l4 5H2z" opacity={sorted === 'asc' ? 1 : 0.3} />
          <path d="M6 15l4-5H2z" opacity={sorted === 'desc' ? 1 : 0.3} />
        </svg>
      </button>
    </th>
  );
}
