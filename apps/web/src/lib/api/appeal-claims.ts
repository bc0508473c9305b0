import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppealRecord } from '../appeals/appeal-records';
import { AppealClaimService } from '../../gen/sro/moderation/appeal_claims_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { appealKeys } from './appeals';

/** Claim (or renew) an open appeal, or release one's claim: others see who works it. */
export function useAppealClaim() {
  const api = useRpcClient(AppealClaimService, useRuntimeConfig()?.apiBaseUrl ?? '');
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ appealId, claim }: { appealId: string; claim: boolean }) =>
      toAppealRecord(claim ? await api.claimAppeal({ id: appealId }) : await api.releaseAppealClaim({ id: appealId })),
    onSuccess: () => client.invalidateQueries({ queryKey: appealKeys.all }),
    // Someone else took it meanwhile: the queue shows who.
    onError: () => client.invalidateQueries({ queryKey: appealKeys.all }),
  });
}
