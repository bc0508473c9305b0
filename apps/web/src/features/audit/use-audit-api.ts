import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditService } from '../../gen/sro/moderation/moderation_pb';
import { ItemNotFoundError } from '../../lib/api/entity-cache';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { isNotFound } from '../../lib/rpc/rpc-error';
import { useRpcClient } from '../../lib/rpc/use-rpc-client';
import { toAuditEntry } from './audit-entry';
import { auditPageRequest, type AuditFilters } from './audit-query';

/** The authenticated AuditService client. */
export function useAuditClient() {
  return useRpcClient(AuditService, useRuntimeConfig()?.apiBaseUrl ?? '');
}

/** One page of the filtered log (newest first) and the exact total of matches. */
export function useAuditRecords(filters: AuditFilters, enabled: boolean) {
  const client = useAuditClient();
  const request = auditPageRequest(filters);
  return useQuery({
    // The filters, not the request: query keys are hashed as JSON, which has no bigint.
    queryKey: ['audit-records', filters],
    queryFn: async ({ signal }) => {
      const page = await client.listAuditRecords(request, { signal });
      return { total: Number(page.total), records: page.records.map(toAuditEntry) };
    },
    enabled,
    // The log grows with every write: fetch on every visit instead of trusting the entity cache's minute.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** One record; records never change, so a cached one stays good. */
export function useAuditRecord(id: string) {
  const client = useAuditClient();
  return useQuery({
    queryKey: ['audit-record', id],
    queryFn: async ({ signal }) => {
      try {
        return toAuditEntry(await client.getAuditRecord({ id }, { signal }));
      } catch (error) {
        throw isNotFound(error) ? new ItemNotFoundError(id) : error;
      }
    },
    staleTime: Infinity,
    enabled: !!id,
  });
}
