import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, rolesFromClaims, sessionUserFromClaims } from './claims';

function jwt(payload: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'RS256' })}.${b64(payload)}.sig`;
}

describe('claims', () => {
  it('decodes JWT payloads (base64url, unicode) and returns null for opaque tokens', () => {
    const token = `${btoa('{}')}.${btoa(unescape(encodeURIComponent(JSON.stringify({ name: 'Zoë' })))).replace(/=+$/, '')}.x`;
    expect(decodeJwtPayload(token)).toEqual({ name: 'Zoë' });
    expect(decodeJwtPayload('opaque-token')).toBeNull();
    expect(decodeJwtPayload(undefined)).toBeNull();
  });

  it("collects realm roles plus 'client:role' entries", () => {
    const roles = rolesFromClaims({
      realm_access: { roles: ['offline_access', 'player'] },
      resource_access: { 'sro-web': { roles: ['viewer'] }, account: { roles: ['manage-account'] } },
    });
    expect(roles).toEqual(['offline_access', 'player', 'sro-web:viewer', 'account:manage-account']);
    expect(rolesFromClaims(null)).toEqual([]);
  });

  it('builds the session user: groups from userinfo, roles from the access token', () => {
    const user = sessionUserFromClaims(
      { sub: 'u1', preferred_username: 'admin', given_name: 'Ada', family_name: 'Min', groups: ['/Moderator/Admin'] },
      jwt({ realm_access: { roles: ['admin'] }, groups: ['/ignored'] }),
    );
    expect(user).toEqual({
      id: 'u1',
      username: 'admin',
      firstName: 'Ada',
      lastName: 'Min',
      email: '',
      groups: ['/Moderator/Admin'],
      roles: ['admin'],
    });
  });

  it('falls back to the access token for groups when userinfo has none', () => {
    const user = sessionUserFromClaims({ sub: 'u1', preferred_username: 'mod' }, jwt({ groups: ['/Moderator'] }));
    expect(user.groups).toEqual(['/Moderator']);
  });

  it("throws the documented messages: 'User is not authenticated' / 'Error loading user profile'", () => {
    expect(() => sessionUserFromClaims(null)).toThrow('User is not authenticated');
    expect(() => sessionUserFromClaims({ preferred_username: 'x' })).toThrow('Error loading user profile');
  });
});
