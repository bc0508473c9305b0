import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Client } from '@connectrpc/connect';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditService, type ListAuditRecordsRequestSchema } from '../../gen/sro/moderation/audit_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { isNotFound } from '../rpc/rpc-error';
import { useRpcClient } from '../rpc/use-rpc-client';
import { toAuditEntry } from './audit-entry';
import { ItemNotFoundError } from './entity-cache';
import { requestKey } from './request-key';

export type AuditRequest = MessageInitShape<typeof ListAuditRecordsRequestSchema>;

type AuditClient = Client<typeof AuditService>;

/** Every audit read sits under 'audit'. */
export const auditKeys = {
  all: ['audit'] as const,
  page: (request: AuditRequest) => ['audit', 'page', requestKey(request)] as const,
  one: (id: string) => ['audit', 'id', id] as const,
};

/** The authenticated AuditService client. */
export function useAuditClient(): AuditClient {
  return useRpcClient(AuditService, useRuntimeConfig()?.apiBaseUrl ?? '');
}

/** The audit reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const auditQueries = {
  page: (client: AuditClient, request: AuditRequest, enabled: boolean) =>
    queryOptions({
      queryKey: auditKeys.page(request),
      queryFn: async ({ signal }) => {
        const page = await client.listAuditRecords(request, { signal });
        return { total: Number(page.total), records: page.records.map(toAuditEntry) };
      },
      enabled,
      // The log grows with every write: fetch on every visit instead of trusting the entity cache's minute.
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  one: (client: AuditClient, id: string) =>
    queryOptions({
      queryKey: auditKeys.one(id),
      queryFn: async ({ signal }) => {
        try {
          return toAuditEntry(await client.getAuditRecord({ id }, { signal }));
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      // Records never change, so a cached one stays good.
      staleTime: Infinity,
      enabled: !!id,
    }),
};

/** One page of the filtered log (newest first) and the exact total of matches. */
export function useAuditRecords(request: AuditRequest, enabled: boolean) {
  return useQuery(auditQueries.page(useAuditClient(), request, enabled));
}

export function useAuditRecord(id: string) {
  return useQuery(auditQueries.one(useAuditClient(), id));
}
