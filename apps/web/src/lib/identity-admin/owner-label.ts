import type { OwnerRecord } from './owner-directory';

/** The owner's username, or 'Unknown ({ownerId})' (docs/product.md#texts-and-errors) when the lookup failed. */
export function ownerLabel(owner: OwnerRecord | null | undefined, ownerId: string): string {
  return owner?.username || `Unknown (${ownerId})`;
}

export type BadgeTone = 'red' | 'green' | 'grey' | 'indigo' | 'cyan' | 'pink';

export interface OwnerBadge {
  label: 'Banned' | 'Admin' | 'Moderator' | 'Member';
  tone: BadgeTone;
}

// docs/product.md#screens-and-routes: Banned red, Admin green, Moderator grey, Member indigo; matched on the group's name.
const BADGES: OwnerBadge[] = [
  { label: 'Banned', tone: 'red' },
  { label: 'Admin', tone: 'green' },
  { label: 'Moderator', tone: 'grey' },
  { label: 'Member', tone: 'indigo' },
];

/** Badges for an owner's group paths ('/Moderator/Admin' → Admin), in a fixed order. */
export function ownerBadges(groupPaths: readonly string[]): OwnerBadge[] {
  const names = new Set(groupPaths.map((path) => path.split('/').filter(Boolean).at(-1)?.toLowerCase()));
  return BADGES.filter((badge) => names.has(badge.label.toLowerCase()));
}
