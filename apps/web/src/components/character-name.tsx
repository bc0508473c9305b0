import { Link } from 'react-router';
import { useCharacter } from '../lib/api/characters';
import { useAreaHref } from '../lib/area-links';

// docs/product.md#texts-and-errors: how a message sender (or any character reference) reads when it has no name to show.
export const SYSTEM_SENDER = 'System';
export const unknownCharacterText = (id: string) => `Unknown (${id})`;

export interface CharacterLabel {
  label: string;
  /** The name is still being fetched (`label` is the id meanwhile). */
  pending: boolean;
}

/** A character id as people read it: 'System' when empty, its name, or 'Unknown ({id})' when it cannot be found. */
export function useCharacterLabel(id: string): CharacterLabel {
  // Cached per id (GetCharacter), so a busy chat asks once per sender.
  const character = useCharacter(id);
  if (!id) return { label: SYSTEM_SENDER, pending: false };
  if (character.data) return { label: character.data.name, pending: false };
  if (character.isError) return { label: unknownCharacterText(id), pending: false };
  return { label: id, pending: true };
}

export function CharacterName({ id, className = '', linkOwner = false }: { id: string; className?: string; linkOwner?: boolean }) {
  const { label, pending } = useCharacterLabel(id);
  const owner = useCharacter(id).data?.ownerId;
  const cls = `${className} ${pending ? 'opacity-60' : ''}`.trim();
  // The owner's player page, where the area has one (the same cached GetCharacter answer gives it).
  const href = useAreaHref()(`accounts/${owner}`);
  if (linkOwner && owner && href)
    return (
      <Link to={href} className={`${cls} underline decoration-neon-cyan/60 underline-offset-4 hover:text-neon-cyan`}>
        {label}
      </Link>
    );
  return <span className={cls}>{label}</span>;
}
