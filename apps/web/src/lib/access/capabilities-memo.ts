import type { CapabilitySet } from './capabilities';

// Separate from use-my-capabilities.ts so the public bundle can wipe it on sign-out without the API client.
export const CAPABILITIES_STORAGE_KEY = 'sro.capabilities';

interface Stored {
  sub: string;
  role: string;
  scopes: [string, string][];
}

/**
 * The last answer of GetMyCapabilities for one account, kept across reloads like the query cache: a reload draws the
 * console at once from it while the server is asked again. Only a hint for what to show; the server checks every call.
 */
export function recallCapabilities(sub: string, storage: Pick<Storage, 'getItem'> = window.localStorage): CapabilitySet | null {
  try {
    const stored = JSON.parse(storage.getItem(CAPABILITIES_STORAGE_KEY) ?? 'null') as Stored | null;
    if (!stored || stored.sub !== sub || typeof stored.role !== 'string' || !Array.isArray(stored.scopes)) return null;
    return { role: stored.role, scopes: new Map(stored.scopes.filter((s) => typeof s[0] === 'string' && typeof s[1] === 'string')) };
  } catch {
    return null;
  }
}

export function rememberCapabilities(sub: string, set: CapabilitySet, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  const stored: Stored = { sub, role: set.role, scopes: [...set.scopes] };
  try {
    storage.setItem(CAPABILITIES_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // A full or refused storage only costs the next reload its head start.
  }
}
