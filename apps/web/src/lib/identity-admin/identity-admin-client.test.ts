import { describe, expect, it, vi } from 'vitest';
import { createIdentityAdminClient, MSG_NETWORK_NOT_OK } from './identity-admin-client';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientWith(responses: Response[]) {
  const fetchImpl = vi.fn(async () => responses.shift()!);
  const client = createIdentityAdminClient({
    baseUrl: 'http://idp.test/admin/realms/default/',
    getAccessToken: async () => 'tok',
    fetchImpl: fetchImpl,
  });
  return { client, fetchImpl };
}

describe('identity admin client', () => {
  it('looks a user up by exact username with the bearer token', async () => {
    const { client, fetchImpl } = clientWith([json([{ id: 'u1', username: 'nova' }])]);
    await expect(client.findUserByUsername('nova')).resolves.toEqual({ id: 'u1', username: 'nova' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://idp.test/admin/realms/default/users?exact=true&max=1&username=nova');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('uses the documented lookup errors', async () => {
    await expect(clientWith([json({})]).client.findUserByUsername('kai')).rejects.toThrow('unable to find user kai');
    await expect(clientWith([json([])]).client.findUserByUsername('kai')).rejects.toThrow('User not found');
    await expect(clientWith([json({ users: [] })]).client.listUsers()).rejects.toThrow('unable to get users');
  });

  it("throws the server's error text, else 'Network response was not OK.'", async () => {
    await expect(clientWith([json({ error: 'HTTP 403 Forbidden' }, 403)]).client.listUsers()).rejects.toThrow('HTTP 403 Forbidden');
    await expect(clientWith([json({ errorMessage: 'nope' }, 400)]).client.listUsers()).rejects.toThrow('nope');
    await expect(clientWith([new Response('oops', { status: 500 })]).client.listUsers()).rejects.toThrow(MSG_NETWORK_NOT_OK);
  });

  it('returns null for a missing user and builds the batch query', async () => {
    const { client, fetchImpl } = clientWith([json({ error: 'User not found' }, 404), json([])]);
    await expect(client.getUser('gone')).resolves.toBeNull();
    await client.getUsersByIds(['a', 'b']);
    expect((fetchImpl.mock.calls[1] as unknown as [string])[0]).toBe('http://idp.test/admin/realms/default/users?id=a&id=b&briefRepresentation=false');
  });
});
