import type { ControllerFieldState } from 'react-hook-form';

/** docs/product.md#validation: a field's error shows only once the field is dirty or touched. */
export function visibleError(state: Pick<ControllerFieldState, 'error' | 'isDirty' | 'isTouched'>): string | undefined {
  if (!state.error || !(state.isDirty || state.isTouched)) return undefined;
  return state.error.message || 'Invalid value';
}

export const inputClasses = (invalid: boolean) =>
  `block w-full rounded-md border bg-night-800 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 ${invalid ? 'border-rose-400' : 'border-white/20'}`;
