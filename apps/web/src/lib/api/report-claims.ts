import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toReportedMessageRecord } from '../reports/report-records';
import { ReportClaimService } from '../../gen/sro/moderation/report_claims_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { reportKeys } from './reports';

/** Claim (or renew) an open reported message, or release one's claim: others see who works it. */
export function useReportClaim() {
  const api = useRpcClient(ReportClaimService, useRuntimeConfig()?.apiBaseUrl ?? '');
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, claim }: { messageId: string; claim: boolean }) =>
      toReportedMessageRecord(claim ? await api.claimReportedMessage({ id: messageId }) : await api.releaseReportedMessageClaim({ id: messageId })),
    onSuccess: (changed) => {
      client.setQueryData(reportKeys.one(changed.message.id), changed);
      return client.invalidateQueries({ queryKey: reportKeys.all });
    },
    // Someone else took it meanwhile: the queue shows who.
    onError: () => client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
