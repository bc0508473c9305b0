import { Code, ConnectError } from '@connectrpc/connect';
import { STEP_UP_PENDING_KEY } from './step-up-key';

/**
 * Step-up (docs/identity.md "Step-up"): the server refuses a destructive action to a sign-in older than 5 minutes with
 * PERMISSION_DENIED whose message starts with this marker (docs/wire.md "Step-up"). The console then keeps what the
 * user was doing in sessionStorage, signs in again, and carries the action out once back.
 */
export const STEP_UP_MARKER = 'step-up required:';

export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ConnectError && error.code === Code.PermissionDenied && error.rawMessage.startsWith(STEP_UP_MARKER);
}

const PENDING_KEY = STEP_UP_PENDING_KEY;
/** A sign-in that takes longer than this was abandoned: its action is not resumed. */
export const PENDING_KEPT_MS = 10 * 60 * 1000;

interface Pending {
  /** Which action, and on what (e.g. 'sanction:<character id>'): only the screen that saved it resumes it. */
  action: string;
  values: unknown;
  savedAt: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps the action's form values across the redirect to the provider and back (this tab only). */
export function savePendingAction(action: string, values: unknown, storage: Store = sessionStorage, now = Date.now()): void {
  storage.setItem(PENDING_KEY, JSON.stringify({ action, values, savedAt: now } satisfies Pending));
}

/** The values saved for `action` and not too old, or undefined. Reading keeps them: render may run twice. */
export function pendingAction(action: string, storage: Store = sessionStorage, now = Date.now()): unknown {
  const pending = read(storage);
  return pending !== null && pending.action === action && now - pending.savedAt <= PENDING_KEPT_MS ? pending.values : undefined;
}

/** Once resumed, an action is forgotten: it runs once. */
export function forgetPendingAction(storage: Store = sessionStorage): void {
  storage.removeItem(PENDING_KEY);
}

function read(storage: Store): Pending | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PENDING_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { action, savedAt } = parsed as Partial<Pending>;
    return typeof action === 'string' && typeof savedAt === 'number' ? (parsed as Pending) : null;
  } catch {
    return null;
  }
}
