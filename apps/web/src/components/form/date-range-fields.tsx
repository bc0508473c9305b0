import { useId } from 'react';
import { inputClasses } from './field-error';

export interface DateRange {
  /** datetime-local values ('2026-01-31T18:30'), local time; empty = open end. */
  from: string;
  to: string;
}

interface Props extends DateRange {
  onChange: (changes: Partial<DateRange>) => void;
  /** Each end bounds the other's picker: 'From' offers nothing after 'To', 'To' nothing before 'From'. */
  bounded?: boolean;
  /** The range is wrong (it ends before it starts): both fields are marked invalid. */
  invalid?: boolean;
  /** The message saying why, which both fields then point to. */
  errorId?: string;
}

/** A time range as two datetime-local fields, 'From' and 'To', each its own grid cell. */
export function DateRangeFields({ from, to, onChange, bounded = false, invalid = false, errorId }: Props) {
  return (
    <>
      <DateTimeField label="From" value={from} max={bounded ? to : ''} invalid={invalid} errorId={errorId} onChange={(value) => onChange({ from: value })} />
      <DateTimeField label="To" value={to} min={bounded ? from : ''} invalid={invalid} errorId={errorId} onChange={(value) => onChange({ to: value })} />
    </>
  );
}

interface FieldProps {
  label: string;
  value: string;
  min?: string;
  max?: string;
  invalid: boolean;
  errorId?: string;
  onChange: (value: string) => void;
}

function DateTimeField({ label, value, min, max, invalid, errorId, onChange }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`${inputClasses(invalid)} [color-scheme:dark]`}
      />
    </div>
  );
}
