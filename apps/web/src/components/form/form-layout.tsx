import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../button-styles';
import { SubmitButton } from './submit-button';
import { useSingleSubmit } from './use-single-submit';

interface Props {
  /** react-hook-form's `handleSubmit(…)`: it prevents the default at once, then validates and saves; resolves when saved. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
  saving: boolean;
  /** Invalid, or (when editing) unchanged: nothing to submit. */
  disabled: boolean;
  cancelTo: string;
  submitLabel?: string;
  /** Accessible name of the form. */
  label: string;
  /** Take the parent's width (a page that lines the form up with a section below) instead of 42 rem. */
  fill?: boolean;
  children: ReactNode;
}

/** The admin forms' panel: fields, then Cancel and the submit button. */
export function FormCard({ onSubmit, saving, disabled, cancelTo, submitLabel = 'Save', label, fill, children }: Props) {
  const submitOnce = useSingleSubmit(onSubmit);
  return (
    <form
      onSubmit={submitOnce}
      noValidate
      aria-label={label}
      className={`${fill ? 'w-full' : 'max-w-2xl'} space-y-5 rounded-xl border border-white/10 bg-night-900/70 p-5 sm:p-6`}
    >
      {children}
      <div className="flex flex-col-reverse gap-3 border-t border-white/10 pt-5 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClasses('secondary')}>
          Cancel
        </Link>
        <SubmitButton saving={saving} invalid={disabled}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
