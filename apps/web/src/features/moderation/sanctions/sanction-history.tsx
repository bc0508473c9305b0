import { useState } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { ListLoadError } from '../../../components/load-error';
import { useSanctionList } from '../../../lib/api/sanctions';
import { SanctionsTable } from './sanctions-table';
import { useAreaHref } from '../../../lib/area-links';

const HISTORY_PAGE_SIZE = 10;

interface Props {
  label: string;
  characterId?: string;
  accountId?: string;
  emptyMessage: string;
}

/** One subject's sanctions, newest first, paged on the server. */
export function SanctionHistory({ label, characterId, accountId, emptyMessage }: Props) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: HISTORY_PAGE_SIZE });
  const href = useAreaHref();
  const page = useSanctionList({ characterId, accountId, pageIndex: pagination.pageIndex, pageSize: pagination.pageSize }, !!(characterId || accountId));
  if (page.isError && !page.data) return <ListLoadError what="sanctions" error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <SanctionsTable
      label={label}
      sanctions={page.data?.sanctions ?? []}
      total={page.data?.total ?? 0}
      loading={page.isPending}
      pagination={pagination}
      onPaginationChange={setPagination}
      emptyMessage={emptyMessage}
      columns={['kind', 'subject', 'scope', 'reason', 'issuedBy', 'issued', 'ends', 'state']}
      detailHref={(s) => href(`sanctions/${s.id}`) ?? ''}
    />
  );
}
