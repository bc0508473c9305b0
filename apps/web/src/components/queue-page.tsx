import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListLoadError } from './load-error';
import { PageHeader } from './page-header';
import { TablePagination } from './table/table-pagination';

const PAGE_SIZES = [25, 50, 100] as const;

/** A queue's view: whether closed items show, and the page; turning either resets to the first page. */
export function useQueueView() {
  const [includeClosed, setIncludeClosed] = useState(false);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(50);
  return {
    includeClosed,
    pageIndex,
    pageSize,
    setPageIndex,
    showClosed: (value: boolean) => {
      setIncludeClosed(value);
      setPageIndex(0);
    },
    resize: (size: number) => {
      setPageSize(size);
      setPageIndex(0);
    },
  };
}

export type QueueView = ReturnType<typeof useQueueView>;

interface Props<P> {
  title: string;
  description: string;
  /** The toggle that adds the closed items ('Include resolved'). */
  closedLabel: string;
  /** The items' name in the loading and error texts ('reports'). */
  what: string;
  /** The list's accessible name. */
  listLabel: string;
  emptyText: string;
  view: QueueView;
  query: UseQueryResult<P & { total: number }>;
  items: (page: P) => readonly ReactNode[];
}

/** The moderation queues' one page shape: header with the closed toggle, the entries, their pagination. */
export function QueuePage<P>({ title, description, closedLabel, what, listLabel, emptyText, view, query, items }: Props<P>) {
  const page = query.data;
  const entries = page ? items(page) : [];
  return (
    <>
      <title>{`${title} · SRO Admin`}</title>
      <PageHeader
        title={title}
        description={description}
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input type="checkbox" checked={view.includeClosed} onChange={(e) => view.showClosed(e.target.checked)} />
            {closedLabel}
          </label>
        }
      />
      {query.isError ? (
        <ListLoadError what={what} error={query.error} onRetry={() => void query.refetch()} />
      ) : !page ? (
        <p className="text-sm text-slate-300">Loading {what}…</p>
      ) : entries.length === 0 ? (
        <p className="rounded-xl border border-white/10 bg-night-900/70 px-4 py-10 text-center text-sm text-slate-300">{emptyText}</p>
      ) : (
        <>
          <ul className="space-y-3" aria-label={listLabel}>
            {entries}
          </ul>
          <div className="mt-4 rounded-xl border border-white/10 bg-night-900/70">
            <TablePagination
              pageIndex={view.pageIndex}
              pageSize={view.pageSize}
              pageCount={Math.ceil(page.total / view.pageSize)}
              total={page.total}
              pageSizeOptions={PAGE_SIZES}
              onPageChange={view.setPageIndex}
              onPageSizeChange={view.resize}
            />
          </div>
        </>
      )}
    </>
  );
}
