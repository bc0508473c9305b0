import { describe, expect, it } from 'vitest';
import { bearerInterceptor } from './transport';

function call(token: string | null) {
  const header = new Headers();
  const next = async (req: { header: Headers }) => ({ sent: req.header.get('authorization') });
  const intercepted = bearerInterceptor(async () => token)(next as never);
  return (intercepted as unknown as (req: { header: Headers }) => Promise<{ sent: string | null }>)({ header });
}

describe('bearerInterceptor', () => {
  it('adds the bearer token when signed in', async () => {
    expect((await call('abc')).sent).toBe('Bearer abc');
  });

  it('sends no authorization header when signed out', async () => {
    expect((await call(null)).sent).toBeNull();
  });
});
