import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP, hasAccess, isAdmin } from './access';

const user = (groups: string[], roles: string[] = []) => ({ groups, roles });

describe('hasAccess', () => {
  it('denies anonymous users', () => {
    expect(hasAccess(null, {})).toBe(false);
  });

  it('needs one of the listed groups', () => {
    expect(hasAccess(user([ADMIN_GROUP]), { requiredGroups: [ADMIN_GROUP] })).toBe(true);
    expect(hasAccess(user(['/Moderator']), { requiredGroups: [ADMIN_GROUP] })).toBe(false);
  });

  it('needs one of the listed roles', () => {
    expect(hasAccess(user([], ['admin', 'sro-web:editor']), { requiredRoles: ['sro-web:editor'] })).toBe(true);
    expect(hasAccess(user([], ['player']), { requiredRoles: ['admin'] })).toBe(false);
  });

  it('needs both when both lists are configured', () => {
    const requirement = { requiredGroups: [ADMIN_GROUP], requiredRoles: ['admin'] };
    expect(hasAccess(user([ADMIN_GROUP], ['admin']), requirement)).toBe(true);
    expect(hasAccess(user([ADMIN_GROUP], []), requirement)).toBe(false);
    expect(hasAccess(user([], ['admin']), requirement)).toBe(false);
  });

  it('lets any signed-in user through when nothing is required', () => {
    expect(hasAccess(user([]), { requiredGroups: [], requiredRoles: [] })).toBe(true);
  });

  it('isAdmin checks the exact group path', () => {
    expect(isAdmin(user(['/Moderator/Admin']))).toBe(true);
    expect(isAdmin(user(['/Moderator']))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
