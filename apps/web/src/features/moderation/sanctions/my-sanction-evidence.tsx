import { EvidenceList } from '../../../components/chat-evidence';
import { AreaHrefContext } from '../../../lib/area-links';
import type { SanctionRecord } from '../../../lib/sanctions/sanction-records';

const noLinks = () => undefined;

/**
 * The messages that led to one of the player's sanctions, as they were when it was issued (docs/moderation.md
 * "Evidence of a sanction"): folded, names of characters only, never who issued it.
 */
export function MySanctionEvidence({ sanction }: { sanction: SanctionRecord }) {
  if (sanction.evidence.length === 0) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-neon-cyan">The messages that led to it ({sanction.evidence.length})</summary>
      <div className="mt-2">
        {/* The public site has no player pages: senders are names, never links. */}
        <AreaHrefContext value={noLinks}>
          <EvidenceList messages={sanction.evidence} markedId={sanction.sourceMessageId} markLabel="This message" />
        </AreaHrefContext>
      </div>
    </details>
  );
}
