import { useSession } from '../lib/auth/session-context';
import { rpcFailureText } from '../lib/rpc/rpc-error';
import type { QueueClaim } from '../gen/sro/moderation/triage_pb';
import { toClaimRecord } from '../lib/triage/triage-records';

/** What a queue's claim control needs of its claim mutation (lib/api/report-claims.ts, appeal-claims.ts). */
export interface ClaimChange {
  isPending: boolean;
  error: Error | null;
  change(claim: boolean): void;
}

/**
 * Who works a queue item, with Claim or Release: a claim lapses when its holder leaves it idle. Without `mayClaim`
 * (the caller may not claim this queue's items) the holder only.
 */
export function ClaimControl({
  wire,
  what,
  mutation,
  mayClaim = true,
}: {
  wire: QueueClaim | undefined;
  what: string;
  mutation: ClaimChange;
  mayClaim?: boolean;
}) {
  const claim = toClaimRecord(wire);
  const { user } = useSession();
  const mine = claim !== undefined && claim.holderId === user?.id;
  const button = 'rounded-md border border-white/20 px-2 py-1 text-xs font-medium text-slate-100 hover:bg-white/10 disabled:opacity-50';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span data-testid="claim" className="text-slate-300">
        {claim ? (mine ? 'Claimed by you' : `Claimed by ${claim.holderName}`) : 'Unclaimed'}
      </span>
      {mayClaim && (!claim || mine) ? (
        <button
          type="button"
          className={button}
          disabled={mutation.isPending}
          aria-label={`${mine ? 'Release' : 'Claim'} ${what}`}
          onClick={() => mutation.change(!mine)}
        >
          {mine ? 'Release' : 'Claim'}
        </button>
      ) : null}
      {mutation.error ? (
        <span role="alert" className="text-rose-200">
          {rpcFailureText(mutation.error)}
        </span>
      ) : null}
    </div>
  );
}
