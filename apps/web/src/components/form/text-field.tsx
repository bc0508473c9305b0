import { useId, type InputHTMLAttributes } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { inputClasses, visibleError } from './field-error';

interface Props<T extends FieldValues> extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue'> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
}

export function TextField<T extends FieldValues>({ control, name, label, hint, type = 'text', ...rest }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const error = visibleError(fieldState);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        type={type}
        name={field.name}
        ref={field.ref}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(type === 'number' ? e.target.valueAsNumber : e.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses(!!error)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
