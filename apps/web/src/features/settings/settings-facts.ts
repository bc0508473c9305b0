import type { ServerMode } from '../../lib/runtime-config';

/** The token's `exp` claim as epoch milliseconds, or null when unknown. */
export function tokenExpiry(claims: Record<string, unknown> | null): number | null {
  const exp = claims?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

const LABELS: Record<keyof ServerMode, Record<string, string>> = {
  identity: { embedded: 'Embedded identity provider (local mode)', external: 'External identity provider (Keycloak)' },
  storage: { pglite: 'Embedded PostgreSQL (PGlite)', postgres: 'PostgreSQL' },
  gameServer: { local: 'Local mode (no game-server registry)', registry: 'Registry (game servers register and heartbeat)' },
  chatBus: { 'in-process': 'In-process (single node)', nats: 'NATS (multi-node)' },
};

/** Human wording for the server's mode; 'Not published by this server' when it is absent. */
export function describeMode(mode: ServerMode | undefined): Record<keyof ServerMode, string> {
  const describe = (key: keyof ServerMode) => {
    const value = mode?.[key];
    if (!value) return 'Not published by this server';
    return LABELS[key][value] ?? value;
  };
  return { identity: describe('identity'), storage: describe('storage'), gameServer: describe('gameServer'), chatBus: describe('chatBus') };
}
