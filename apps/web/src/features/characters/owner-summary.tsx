import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { IdText } from '../../components/id-text';
import type { OwnerRecord } from '../../lib/identity-admin/owner-directory';
import { ownerBadges, ownerLabel } from '../../lib/identity-admin/owner-label';

/** Owner username, linking to the player page (or 'Unknown ({ownerId})') with the owner's group badges. */
export function OwnerSummary({ owner, ownerId }: { owner: OwnerRecord | null | undefined; ownerId: string }) {
  if (owner === undefined) return <span className="skeleton inline-block h-4 w-24 align-middle" aria-label="Loading owner" />;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {owner ? (
        // Characters are console screens only: the link goes to the console's player page.
        <Link to={`/admin/accounts/${ownerId}`} className="text-slate-100 underline decoration-neon-cyan/60 underline-offset-4 hover:text-neon-cyan">
          {ownerLabel(owner, ownerId)}
        </Link>
      ) : (
        // 'Unknown ({ownerId})' (docs/product.md#texts-and-errors) on one line: the id shortens on phones instead of wrapping.
        <span className="whitespace-nowrap text-amber-200">
          Unknown (<IdText id={ownerId} className="text-amber-200" />)
        </span>
      )}
      {owner &&
        ownerBadges(owner.groups).map((badge) => (
          <Badge key={badge.label} tone={badge.tone}>
            {badge.label}
          </Badge>
        ))}
    </span>
  );
}
