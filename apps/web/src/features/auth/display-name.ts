import type { SessionUser } from '../../lib/auth/claims';

export function displayName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

export function initials(user: SessionUser): string {
  const source = [user.firstName, user.lastName].filter(Boolean);
  const letters = source.length > 0 ? source.map((s) => s[0]) : [user.username[0]];
  return letters.join('').toUpperCase();
}
