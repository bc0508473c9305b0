import { useId } from 'react';
import { inputClasses } from '../../../components/form/field-error';
import { MAX_PLAYER_MESSAGE_LENGTH } from './sanction-form-schema';

export function PlayerMessageField({ value, onChange, onBlur, error }: { value: string; onChange: (v: string) => void; onBlur: () => void; error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        Player message <span className="font-normal text-slate-400">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        maxLength={MAX_PLAYER_MESSAGE_LENGTH + 100}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={inputClasses(!!error)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        Shown to the player when the sanction refuses them.
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
