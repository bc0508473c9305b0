import { ClaimControl as QueueClaimControl } from '../../../components/claim-control';
import { useReportClaim } from '../../../lib/api/report-claims';
import type { QueueClaim } from '../../../gen/sro/moderation/triage_pb';

/** Who works a reported message, with Claim or Release (components/claim-control.tsx). */
export function ClaimControl({ messageId, wire, what }: { messageId: string; wire: QueueClaim | undefined; what: string }) {
  const mutation = useReportClaim();
  return (
    <QueueClaimControl
      wire={wire}
      what={what}
      mutation={{ isPending: mutation.isPending, error: mutation.error, change: (claim) => mutation.mutate({ messageId, claim }) }}
    />
  );
}
