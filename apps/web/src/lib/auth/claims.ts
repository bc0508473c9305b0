import { MSG_NOT_AUTHENTICATED, MSG_PROFILE_ERROR } from './session-messages';

/** What the UI needs to know about the signed-in person, normalised from token claims and userinfo. */
export interface SessionUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Full group paths, e.g. '/Moderator/Admin'. */
  groups: string[];
  /** Realm roles plus 'client:role' entries for per-client roles. */
  roles: string[];
}

type Claims = Record<string, unknown>;

function isRecord(value: unknown): value is Claims {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Reads a JWT's payload without verifying it (the server verifies); null for opaque tokens. */
export function decodeJwtPayload(token: string | undefined | null): Claims | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return isRecord(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** Keycloak layout: realm_access.roles, and resource_access.{client}.roles as 'client:role'. */
export function rolesFromClaims(claims: Claims | null): string[] {
  if (!claims) return [];
  const realm = isRecord(claims.realm_access) ? strings(claims.realm_access.roles) : [];
  const clients = isRecord(claims.resource_access) ? claims.resource_access : {};
  const clientRoles = Object.entries(clients).flatMap(([client, access]) => (isRecord(access) ? strings(access.roles).map((role) => `${client}:${role}`) : []));
  return [...new Set([...realm, ...clientRoles])];
}

/**
 * Builds the session user. `profile` is the id-token profile merged with userinfo
 * (where `groups` comes from); the access token supplies roles and is a fallback for groups.
 */
export function sessionUserFromClaims(profile: Claims | null | undefined, accessToken?: string | null): SessionUser {
  if (!profile) throw new Error(MSG_NOT_AUTHENTICATED);
  const tokenClaims = decodeJwtPayload(accessToken);
  const id = typeof profile.sub === 'string' ? profile.sub : '';
  const text = (key: string) => {
    const value = profile[key] ?? tokenClaims?.[key];
    return typeof value === 'string' ? value : '';
  };
  const username = text('preferred_username') || text('name') || id;
  if (!id || !username) throw new Error(MSG_PROFILE_ERROR);
  const groups = 'groups' in profile ? strings(profile.groups) : strings(tokenClaims?.groups);
  return {
    id,
    username,
    firstName: text('given_name'),
    lastName: text('family_name'),
    email: text('email'),
    groups,
    roles: rolesFromClaims(tokenClaims ?? profile),
  };
}
