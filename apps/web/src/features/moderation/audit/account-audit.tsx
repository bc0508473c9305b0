import { useState } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { ListLoadError } from '../../../components/load-error';
import { useAuditRecords } from '../../../lib/api/audit';
import { AuditTable } from './audit-table';

const PAGE_SIZE = 10;

interface Props {
  accountId: string;
  /** The table's name ('Staff actions on pia', 'Your actions on pia'). */
  label: string;
  emptyMessage: string;
}

/**
 * The audit records on one account (the player page): its own records and its sanctions', newest first, paged on
 * the server. The server gives a moderator only their own (docs/moderation.md "Audit log").
 */
export function AccountAudit({ accountId, label, emptyMessage }: Props) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const page = useAuditRecords({ accountId, limit: pagination.pageSize, offset: pagination.pageIndex * pagination.pageSize }, true);
  if (page.isError && !page.data) return <ListLoadError what="audit records" error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <AuditTable
      label={label}
      records={page.data?.records ?? []}
      total={page.data?.total ?? 0}
      loading={page.isPending}
      pagination={pagination}
      onPaginationChange={setPagination}
      emptyMessage={emptyMessage}
    />
  );
}
