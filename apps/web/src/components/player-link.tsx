import type { ReactNode } from 'react';
import { AreaLink } from './area-link';
import { useCharacter } from '../lib/api/characters';
import { useCharacterLabel } from './character-name';

export const playerLinkClass = 'underline decoration-neon-cyan/60 underline-offset-4 hover:text-neon-cyan';

/** A player's or character's name linking to the account's player page where the area has one; plain text otherwise. */
export function PlayerLink({ accountId, className = '', children }: { accountId: string; className?: string; children: ReactNode }) {
  if (!accountId) return <span className={className}>{children}</span>;
  return (
    <AreaLink path={`accounts/${accountId}`} className={`${className} ${playerLinkClass}`.trim()}>
      {children}
    </AreaLink>
  );
}

/** A character id as its name (components/character-name.tsx), linking to its owner's player page once known. */
export function CharacterPlayerLink({ id, className = '' }: { id: string; className?: string }) {
  const { label, pending } = useCharacterLabel(id);
  const owner = useCharacter(id).data?.ownerId ?? '';
  return (
    <PlayerLink accountId={owner} className={`${className} ${pending ? 'opacity-60' : ''}`.trim()}>
      {label}
    </PlayerLink>
  );
}
