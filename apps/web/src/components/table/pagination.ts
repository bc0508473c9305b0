export const PAGE_SIZE_OPTIONS = [10, 25, 50, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** docs/product.md#constants-and-limits: below this many pages every page button is shown. */
export const FULL_PAGE_LIST_LIMIT = 6;

export type PageItem =
  | { kind: 'page'; index: number }
  /** A gap; `target` is the page a click on it jumps to (the middle of the gap). */
  | { kind: 'gap'; from: number; to: number; target: number };

/** Zero-based page buttons: all when few, else first, last, a window round the current, and gaps. */
export function pageItems(pageIndex: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  const page = (index: number): PageItem => ({ kind: 'page', index });
  if (pageCount < FULL_PAGE_LIST_LIMIT) return Array.from({ length: pageCount }, (_, i) => page(i));

  const last = pageCount - 1;
  const current = Math.min(Math.max(pageIndex, 0), last);
  // Keep the list the same length wherever the current page is, so buttons don't jump.
  let start = Math.max(1, current - 1);
  let end = Math.min(last - 1, current + 1);
  if (current <= 2) end = 3;
  if (current >= last - 2) start = last - 3;
  start = Math.max(1, start);
  end = Math.min(last - 1, end);

  const items: PageItem[] = [page(0)];
  const gap = (from: number, to: number): PageItem => ({ kind: 'gap', from, to, target: Math.floor((from + to) / 2) });
  if (start > 1) items.push(start === 2 ? page(1) : gap(1, start - 1));
  for (let i = start; i <= end; i++) items.push(page(i));
  if (end < last - 1) items.push(end === last - 2 ? page(last - 1) : gap(end + 1, last - 1));
  items.push(page(last));
  return items;
}

/** 1-based bounds for 'Showing X to Y of Z results'. */
export function shownRange(pageIndex: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min(pageIndex * pageSize + 1, total);
  return { from, to: Math.min(total, (pageIndex + 1) * pageSize) };
}

export function showingText(pageIndex: number, pageSize: number, total: number): string {
  const { from, to } = shownRange(pageIndex, pageSize, total);
  return `Showing ${from} to ${to} of ${total} results`;
}
