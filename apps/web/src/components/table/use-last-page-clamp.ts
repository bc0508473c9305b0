import type { PaginationState } from '@tanstack/react-table';
import { useEffect } from 'react';

/**
 * For a table paged on the server: a page past the end (an old link, a result that shrank) goes to the last page
 * instead of an empty table. `total` is the answer's, undefined until one came; a placeholder (the previous page's
 * answer, still shown) decides nothing.
 */
export function useLastPageClamp(
  total: number | undefined,
  isPlaceholderData: boolean,
  pagination: PaginationState,
  onPaginationChange: (pagination: PaginationState) => void,
): void {
  const lastPage = total ? Math.ceil(total / pagination.pageSize) - 1 : 0;
  const pastEnd = !isPlaceholderData && total !== undefined && pagination.pageIndex > lastPage;
  const { pageSize } = pagination;
  useEffect(() => {
    if (pastEnd) onPaginationChange({ pageIndex: lastPage, pageSize });
  }, [pastEnd, lastPage, pageSize, onPaginationChange]);
}
