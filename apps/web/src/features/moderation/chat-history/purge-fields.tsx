import type { Dispatch, SetStateAction } from 'react';
import { DateRangeFields } from '../../../components/form/date-range-fields';
import { inputClasses } from '../../../components/form/field-error';
import type { PurgeForm } from './purge-form';

interface PurgeFieldsProps {
  ids: { reason: string };
  form: PurgeForm;
  setForm: Dispatch<SetStateAction<PurgeForm>>;
  shown: Partial<Record<'character' | 'range' | 'reason', string>>;
}

/** The purge's window (from, to) and its reason. */
export function PurgeWindowAndReason({ ids, form, setForm, shown }: PurgeFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateRangeFields from={form.from} to={form.to} invalid={!!shown.range} onChange={(changes) => setForm({ ...form, ...changes })} />
        <p className="text-xs text-slate-400 sm:col-span-2">Empty: from the first message, up to now.</p>
        {shown.range && <p className="text-sm text-rose-300 sm:col-span-2">{shown.range}</p>}
      </div>
      <div>
        <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium text-slate-200">
          Reason
        </label>
        <textarea
          id={ids.reason}
          rows={3}
          value={form.reason}
          onChange={(e) => setForm({ ...form, reason: e.target.value })}
          aria-invalid={shown.reason ? true : undefined}
          className={inputClasses(!!shown.reason)}
        />
        {shown.reason && <p className="mt-1 text-sm text-rose-300">{shown.reason}</p>}
      </div>
    </>
  );
}
