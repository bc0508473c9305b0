// The identity provider's admin users API (Keycloak-compatible subset, docs/product.md#calls):
// GET /users?exact=true&max=1&username=…, GET /users, GET /users/{id}, GET /users/{id}/groups.

export interface IdentityUser {
  id: string;
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Epoch ms. */
  createdTimestamp?: number;
  enabled?: boolean;
  /** Group paths; only our provider's batch extension fills this in. */
  groups?: string[];
}

export interface IdentityGroup {
  id: string;
  name: string;
  path: string;
}

// Exact texts from docs/product.md#texts-and-errors (Lookups and the admin client's error rule).
export const MSG_NETWORK_NOT_OK = 'Network response was not OK.';
export const MSG_UNABLE_TO_GET_USERS = 'unable to get users';
export const MSG_USER_NOT_FOUND = 'User not found';
export const unableToFindUser = (username: string) => `unable to find user ${username}`;

export interface IdentityAdminClientOptions {
  /** e.g. http://localhost:8080/admin/realms/default */
  baseUrl: string;
  getAccessToken: () => Promise<string | null>;
  fetchImpl?: typeof fetch;
}

export type IdentityAdminClient = ReturnType<typeof createIdentityAdminClient>;

/** The server's `error` or `errorMessage` text, else the generic message. */
export async function failureMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object') {
      const { error, errorMessage } = body as Record<string, unknown>;
      if (typeof error === 'string' && error) return error;
      if (typeof errorMessage === 'string' && errorMessage) return errorMessage;
    }
  } catch {
    // Not JSON: fall through to the generic text.
  }
  return MSG_NETWORK_NOT_OK;
}

export function createIdentityAdminClient({ baseUrl, getAccessToken, fetchImpl = fetch }: IdentityAdminClientOptions) {
  const root = baseUrl.replace(/\/+$/, '');

  /** GET a JSON document; with `notFoundAsNull` a 404 resolves to null instead of throwing. */
  async function get(path: string, notFoundAsNull = false): Promise<unknown> {
    const token = await getAccessToken();
    const response = await fetchImpl(`${root}${path}`, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (response.status === 404 && notFoundAsNull) return null;
    if (!response.ok) throw new Error(await failureMessage(response));
    return response.json();
  }

  return {
    async findUserByUsername(username: string): Promise<IdentityUser> {
      const query = new URLSearchParams({ exact: 'true', max: '1', username });
      const users = await get(`/users?${query}`);
      if (!Array.isArray(users)) throw new Error(unableToFindUser(username));
      const user = users[0] as IdentityUser | undefined;
      if (!user) throw new Error(MSG_USER_NOT_FOUND);
      return user;
    },

    async listUsers(max = 1000): Promise<IdentityUser[]> {
      const users = await get(`/users?max=${max}`);
      if (!Array.isArray(users)) throw new Error(MSG_UNABLE_TO_GET_USERS);
      return users as IdentityUser[];
    },

    /** null when the user does not exist. */
    async getUser(id: string): Promise<IdentityUser | null> {
      return (await get(`/users/${encodeURIComponent(id)}`, true)) as IdentityUser | null;
    },

    async getUserGroups(id: string): Promise<IdentityGroup[]> {
      const groups = await get(`/users/${encodeURIComponent(id)}/groups`);
      return Array.isArray(groups) ? (groups as IdentityGroup[]) : [];
    },

    /**
     * Our provider's batch extension. A real Keycloak ignores `id` and answers its first
     * users instead, so callers must check the answer holds exactly the ids they asked for.
     */
    async getUsersByIds(ids: readonly string[]): Promise<unknown> {
      const query = new URLSearchParams(ids.map((id) => ['id', id]));
      query.set('briefRepresentation', 'false');
      return get(`/users?${query}`);
    },
  };
}
