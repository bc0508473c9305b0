import type { Page } from '@playwright/test';

// Until the embedded identity provider is mounted, signed-in states are seeded the
// way oidc-client-ts stores them (sessionStorage), and provider calls are cut off so
// every run sees the same "provider unreachable" conditions.

export interface SeedUser {
  username: string;
  groups: string[];
  firstName?: string;
  lastName?: string;
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function fakeJwt(claims: object): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
}

export async function blockIdentityProvider(page: Page): Promise<void> {
  await page.route(/\/realms\/|\/admin\/realms\//, (route) => route.abort('connectionrefused'));
}

/** Stores a signed-in user for the next page load (valid for three hours of page time). */
export async function seedSession(page: Page, baseURL: string, user: SeedUser, nowMs = Date.now()): Promise<void> {
  const authority = `${baseURL}/realms/default`;
  const expiresAt = Math.floor(nowMs / 1000) + 3 * 3600;
  const profile = {
    sub: `id-${user.username}`,
    preferred_username: user.username,
    given_name: user.firstName ?? user.username,
    family_name: user.lastName ?? 'Tester',
    groups: user.groups,
  };
  const stored = {
    id_token: fakeJwt({ iss: authority, ...profile }),
    access_token: fakeJwt({ iss: authority, exp: expiresAt, realm_access: { roles: [] }, ...profile }),
    token_type: 'Bearer',
    scope: 'openid profile',
    profile,
    expires_at: expiresAt,
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('e2e-seeded')) {
        window.sessionStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [`sro.oidc.user:${authority}:sro-web`, JSON.stringify(stored)] as const,
  );
}
