import { useId } from 'react';
import { pageItems, showingText } from './pagination';

interface Props {
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  total: number;
  pageSizeOptions: readonly number[];
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The table it pages: a page with two tables has two navigations, and each needs a name of its own. */
  of?: string;
}

const pageButton =
  'min-w-9 rounded-md px-2 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-neon-cyan disabled:cursor-not-allowed disabled:opacity-40';

export function TablePagination(props: Props) {
  const { pageIndex, pageSize, pageCount, total, pageSizeOptions, onPageChange, onPageSizeChange } = props;
  const sizeId = useId();
  const lastIndex = Math.max(0, pageCount - 1);
  return (
    <div className="flex flex-col gap-3 border-t border-white/10 px-3 py-3 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
      <p aria-live="polite">{showingText(pageIndex, pageSize, total)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={sizeId} className="flex items-center gap-2">
          Rows per page
          <select
            id={sizeId}
            value={pageSize}
            onChange={(e) => onPageSizeChange(Number(e.target.value))}
            className="rounded-md border border-white/20 bg-night-800 px-2 py-1 text-slate-100"
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <nav aria-label={props.of ? `Pagination of ${props.of}` : 'Pagination'} className="flex items-center gap-1">
          <button type="button" className={`${pageButton} hover:bg-white/10`} onClick={() => onPageChange(pageIndex - 1)} disabled={pageIndex <= 0}>
            Previous
          </button>
          {pageItems(pageIndex, pageCount).map((item) =>
            item.kind === 'page' ? (
              <button
                key={`p${item.index}`}
                type="button"
                className={`${pageButton} ${item.index === pageIndex ? 'bg-neon-cyan text-night-950' : 'hover:bg-white/10'}`}
                aria-current={item.index === pageIndex ? 'page' : undefined}
                aria-label={`Page ${item.index + 1}`}
                onClick={() => onPageChange(item.index)}
              >
                {item.index + 1}
              </button>
            ) : (
              <button
                key={`g${item.from}`}
                type="button"
                className={`${pageButton} hover:bg-white/10`}
                aria-label={`Pages ${item.from + 1} to ${item.to + 1}, go to page ${item.target + 1}`}
                onClick={() => onPageChange(item.target)}
              >
                …
              </button>
            ),
          )}
          <button type="button" className={`${pageButton} hover:bg-white/10`} onClick={() => onPageChange(pageIndex + 1)} disabled={pageIndex >= lastIndex}>
            Next
          </button>
        </nav>
      </div>
    </div>
  );
}
