import { useEffect, useEffectEvent, useRef } from 'react';
import { useSession } from './session-context';
import { forgetPendingAction, isStepUpRequired, pendingAction, savePendingAction } from './step-up';

interface StepUpAction<T> {
  /** Names the action and its screen (e.g. 'role-delete'): only this hook with the same name resumes it. */
  action: string;
  /** The saved values, if they are this action's; undefined otherwise. */
  parse: (saved: unknown) => T | undefined;
  /** Carries the action out, success feedback included. */
  run: (values: T) => Promise<unknown>;
  /** Any failure but the refusal for an old sign-in. */
  onFailure: (error: unknown) => void;
}

/**
 * A destructive action the server may refuse to an old sign-in (docs/identity.md "Step-up"). Refused so, its values
 * are kept (lib/auth/step-up.ts), the user signs in again, and back on this screen the action runs once with them:
 * the user confirmed it before leaving.
 */
export function useStepUpAction<T>({ action, parse, run, onFailure }: StepUpAction<T>): (values: T) => Promise<void> {
  const session = useSession();
  const attempt = async (values: T) => {
    try {
      await run(values);
    } catch (error) {
      if (!isStepUpRequired(error)) return onFailure(error);
      savePendingAction(action, values);
      await session.stepUp();
    }
  };
  const resumed = useRef(false);
  const resume = useEffectEvent(() => {
    const saved = parse(pendingAction(action));
    if (saved === undefined) return;
    forgetPendingAction();
    void attempt(saved);
  });
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    resume();
  }, []);
  return attempt;
}

/** `parse` for an action whose values are one string (a name, a group path). */
export const savedString = (saved: unknown): string | undefined => (typeof saved === 'string' && saved !== '' ? saved : undefined);
