import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { forgetPendingAction, isStepUpRequired, PENDING_KEPT_MS, pendingAction, savePendingAction } from './step-up';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('step-up', () => {
  it('recognises the server refusal by its code and marker only', () => {
    const message = 'step-up required: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.';
    expect(isStepUpRequired(new ConnectError(message, Code.PermissionDenied))).toBe(true);
    expect(isStepUpRequired(new ConnectError(message, Code.Unauthenticated))).toBe(false);
    expect(isStepUpRequired(new ConnectError('permission denied: only admins issue or revoke account bans', Code.PermissionDenied))).toBe(false);
    expect(isStepUpRequired(new Error(message))).toBe(false);
  });

  it('keeps the pending action for the screen that saved it, until forgotten', () => {
    const storage = memoryStorage();
    savePendingAction('sanction:c1', { kind: 'account-ban', reason: 'Cheating' }, storage, 1_000);
    expect(pendingAction('sanction:c2', storage, 2_000)).toBeUndefined();
    expect(pendingAction('sanction:c1', storage, 2_000)).toEqual({ kind: 'account-ban', reason: 'Cheating' });
    expect(pendingAction('sanction:c1', storage, 2_000)).toEqual({ kind: 'account-ban', reason: 'Cheating' });
    forgetPendingAction(storage);
    expect(pendingAction('sanction:c1', storage, 2_000)).toBeUndefined();
  });

  it('forgets an action whose sign-in took too long, and unreadable entries', () => {
    const storage = memoryStorage();
    savePendingAction('sanction:c1', { a: 1 }, storage, 0);
    expect(pendingAction('sanction:c1', storage, PENDING_KEPT_MS)).toEqual({ a: 1 });
    expect(pendingAction('sanction:c1', storage, PENDING_KEPT_MS + 1)).toBeUndefined();
    storage.setItem('sro.step-up.pending', '{not json');
    expect(pendingAction('sanction:c1', storage)).toBeUndefined();
    storage.setItem('sro.step-up.pending', '{"action":"sanction:c1"}');
    expect(pendingAction('sanction:c1', storage)).toBeUndefined();
  });
});
