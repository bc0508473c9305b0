import type { SessionUser } from '../../lib/auth/claims';

/** 'First Last', or the username when the profile carries no names. */
export function fullName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'username'>): string {
  const names = [user.firstName, user.lastName].filter(Boolean);
  return (names.length > 0 ? names.map((n) => n[0]) : [user.username[0] ?? '?']).join('').toUpperCase();
}
