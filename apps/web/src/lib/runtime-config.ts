// The server publishes deployment settings at /app-config.json so one build runs
// against the embedded identity provider or an external Keycloak without rebuilding.

export interface RuntimeConfig {
  oidc: { authority: string; clientId: string };
  identityAdminUrl: string;
  accountUrl: string;
  /** Empty means the API lives on the page's own origin. */
  apiBaseUrl: string;
  /** How the server runs (admin Settings page); absent on servers that do not publish it. */
  mode?: ServerMode;
}

/** Free-form labels from the server, e.g. identity 'embedded', storage 'pglite', gameServer 'local'. */
export interface ServerMode {
  identity: string;
  storage: string;
  gameServer: string;
  chatBus: string;
}

function parseServerMode(value: unknown): ServerMode | undefined {
  if (!isRecord(value)) return undefined;
  const text = (key: string) => (typeof value[key] === 'string' ? value[key] : 'unknown');
  return { identity: text('identity'), storage: text('storage'), gameServer: text('gameServer'), chatBus: text('chatBus') };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Validates the JSON shape; returns null (never throws) so a bad file cannot blank the site. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig | null {
  if (!isRecord(value) || !isRecord(value.oidc)) return null;
  const { authority, clientId } = value.oidc;
  if (typeof authority !== 'string' || !authority || typeof clientId !== 'string' || !clientId) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? value[key] : '');
  return {
    oidc: { authority: authority.replace(/\/+$/, ''), clientId },
    identityAdminUrl: text('identityAdminUrl'),
    accountUrl: text('accountUrl'),
    apiBaseUrl: text('apiBaseUrl'),
    ...(isRecord(value.mode) ? { mode: parseServerMode(value.mode) } : {}),
  };
}

/**
 * Loads the config; on any failure it resolves to null and the public site renders
 * without sign-in (Login then explains why).
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, timeoutMs = 4000): Promise<RuntimeConfig | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl('/app-config.json', {
      signal: controller.signal,
      headers: { accept: 'application/json' },
      cache: 'no-cache',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const config = parseRuntimeConfig(await response.json());
    if (!config) throw new Error('unexpected shape');
    return config;
  } catch (error) {
    console.warn('Could not load /app-config.json; sign-in is unavailable.', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export function apiOrigin(config: RuntimeConfig | null): string {
  return config?.apiBaseUrl || window.location.origin;
}
