import { describe, expect, it } from 'vitest';
import { describeMode, tokenExpiry } from './settings-facts';

describe('settings facts', () => {
  it('reads the token expiry from exp', () => {
    expect(tokenExpiry({ exp: 1_700_000_000 })).toBe(1_700_000_000_000);
    expect(tokenExpiry({})).toBeNull();
    expect(tokenExpiry(null)).toBeNull();
  });

  it('describes the server mode in words', () => {
    expect(describeMode({ identity: 'embedded', storage: 'postgres', gameServer: 'registry', chatBus: 'nats' })).toEqual({
      identity: 'Embedded identity provider (local mode)',
      storage: 'PostgreSQL',
      gameServer: 'Registry (game servers register and heartbeat)',
      chatBus: 'NATS (multi-node)',
    });
    expect(describeMode(undefined).identity).toBe('Not published by this server');
    expect(describeMode({ identity: 'other', storage: 'x', gameServer: 'y', chatBus: 'z' }).identity).toBe('other');
  });
});
