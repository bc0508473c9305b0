import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

const sample = {
  oidc: { authority: 'http://localhost:8080/realms/default/', clientId: 'sro-web' },
  identityAdminUrl: 'http://localhost:8080/admin/realms/default',
  accountUrl: 'http://localhost:8080/realms/default/account',
  apiBaseUrl: '',
};

describe('runtime config', () => {
  it('parses the server shape and trims the authority', () => {
    expect(parseRuntimeConfig(sample)).toEqual({ ...sample, oidc: { ...sample.oidc, authority: 'http://localhost:8080/realms/default' } });
  });

  it('reads the optional server mode, filling unknown parts', () => {
    const mode = { identity: 'embedded', storage: 'pglite', gameServer: 'local', chatBus: 'in-process' };
    expect(parseRuntimeConfig({ ...sample, mode })?.mode).toEqual(mode);
    expect(parseRuntimeConfig({ ...sample, mode: { identity: 'external' } })?.mode).toEqual({
      identity: 'external',
      storage: 'unknown',
      gameServer: 'unknown',
      chatBus: 'unknown',
    });
    expect(parseRuntimeConfig(sample)?.mode).toBeUndefined();
  });

  it('rejects a config without oidc settings', () => {
    expect(parseRuntimeConfig({})).toBeNull();
    expect(parseRuntimeConfig({ oidc: { authority: '', clientId: 'x' } })).toBeNull();
    expect(parseRuntimeConfig('nope')).toBeNull();
  });

  it('loads /app-config.json and resolves null (with a warning) on failure', async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify(sample)));
    expect((await loadRuntimeConfig(ok as typeof fetch))?.oidc.clientId).toBe('sro-web');
    expect(ok).toHaveBeenCalledWith('/app-config.json', expect.anything());

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const down = vi.fn(async () => new Response('bad gateway', { status: 502 }));
    expect(await loadRuntimeConfig(down as typeof fetch)).toBeNull();
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadRuntimeConfig(offline as typeof fetch)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
