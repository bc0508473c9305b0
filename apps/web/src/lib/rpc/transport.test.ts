import { describe, expect, it, vi } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { bearerInterceptor, SIGN_IN_AGAIN_GUARD_MS, sessionLostInterceptor, signInAgain } from './transport';

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

describe('sessionLostInterceptor', () => {
  const run = (error: unknown, authorization: string | null) => {
    const onLost = vi.fn();
    const header = new Headers(authorization ? { authorization } : {});
    const next = async () => {
      throw error;
    };
    const intercepted = sessionLostInterceptor(onLost)(next) as (req: { header: Headers }) => Promise<unknown>;
    return { onLost, result: intercepted({ header }) };
  };

  it('an UNAUTHENTICATED answer to a call with a token means the session is lost; the error still reaches the caller', async () => {
    const { onLost, result } = run(new ConnectError('token signature is invalid', Code.Unauthenticated), 'Bearer x');
    await expect(result).rejects.toMatchObject({ code: Code.Unauthenticated });
    expect(onLost).toHaveBeenCalledOnce();
  });

  it('other errors, and UNAUTHENTICATED to an anonymous call, are not a lost session', async () => {
    for (const [error, auth] of [
      [new ConnectError('no', Code.PermissionDenied), 'Bearer x'],
      [new ConnectError('sign in first', Code.Unauthenticated), null],
    ] as const) {
      const { onLost, result } = run(error, auth);
      await expect(result).rejects.toBe(error);
      expect(onLost).not.toHaveBeenCalled();
    }
  });
});

describe('signInAgain', () => {
  it('signs in once; refused again right after, it stops instead of looping; later it may sign in again', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const login = vi.fn(async () => {});
    expect(signInAgain(login, storage, 1_000_000)).toBe(true);
    expect(signInAgain(login, storage, 1_000_000 + SIGN_IN_AGAIN_GUARD_MS - 1)).toBe(false);
    expect(login).toHaveBeenCalledOnce();
    expect(signInAgain(login, storage, 1_000_000 + SIGN_IN_AGAIN_GUARD_MS)).toBe(true);
    expect(login).toHaveBeenCalledTimes(2);
  });
});
