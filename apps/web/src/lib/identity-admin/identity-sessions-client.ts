import { failureMessage, type IdentityAdminClientOptions } from './identity-admin-client';

// The session paths of the identity provider's admin API (Keycloak's users.listSessions, users.logout and
// realms.deleteSession), admins only. Apart from the users client: only the player page loads them.

/** Keycloak's UserSessionRepresentation: one sign-in session. */
export interface IdentitySession {
  id: string;
  ipAddress: string;
  /** Epoch ms. */
  start: number;
  lastAccess: number;
  /** Client id → client id (or name): the apps this session signed in to. */
  clients: Record<string, string>;
}

export type IdentitySessionsClient = ReturnType<typeof createIdentitySessionsClient>;

export function createIdentitySessionsClient({ baseUrl, getAccessToken, fetchImpl = fetch }: IdentityAdminClientOptions) {
  const root = baseUrl.replace(/\/+$/, '');
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string): Promise<Response> {
    const token = await getAccessToken();
    const response = await fetchImpl(`${root}${path}`, {
      method,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) throw new Error(await failureMessage(response));
    return response;
  }
  const user = (id: string) => `/users/${encodeURIComponent(id)}`;
  return {
    async listUserSessions(id: string): Promise<IdentitySession[]> {
      const sessions: unknown = await (await call('GET', `${user(id)}/sessions`)).json();
      return Array.isArray(sessions) ? (sessions as IdentitySession[]) : [];
    },
    /** Ends every session of the user (POST /users/{id}/logout). */
    logoutUser: async (id: string) => void (await call('POST', `${user(id)}/logout`)),
    /** Ends one session; the user's others go on (DELETE /sessions/{id}). */
    deleteSession: async (sessionId: string) => void (await call('DELETE', `/sessions/${encodeURIComponent(sessionId)}`)),
  };
}
