import { Badge } from '../../../components/badge';
import { sanctionKindLabel, stateText, type SanctionRecord } from '../../../lib/sanctions/sanction-records';

// Apart from the sanctions table: the player's page and a sanction's page show the badges without the table's code.
export function StateBadge({ sanction }: { sanction: Pick<SanctionRecord, 'active' | 'revokedAtMs'> }) {
  const text = stateText(sanction);
  return <Badge tone={sanction.active ? 'red' : text === 'Revoked' ? 'grey' : 'indigo'}>{text}</Badge>;
}

export function KindBadge({ sanction }: { sanction: Pick<SanctionRecord, 'kind' | 'scope' | 'characterId'> }) {
  return <Badge tone={sanction.kind === 'mute' ? 'amber' : 'pink'}>{sanctionKindLabel(sanction)}</Badge>;
}
