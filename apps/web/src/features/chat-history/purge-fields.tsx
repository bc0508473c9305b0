import type { Dispatch, SetStateAction } from 'react';
import { inputClasses } from '../../components/form/field-error';
import type { PurgeForm } from './purge-form';

interface PurgeFieldsProps {
  ids: { from: string; to: string; reason: string };
  form: PurgeForm;
  setForm: Dispatch<SetStateAction<PurgeForm>>;
  shown: Partial<Record<'character' | 'range' | 'reason', string>>;
}

/** The purge's window (from, to) and its reason. */
export function PurgeWindowAndReason({ ids, form, setForm, shown }: PurgeFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.from} className="mb-1 block text-sm font-medium text-slate-200">
            From
          </label>
          <input
            id={ids.from}
            type="datetime-local"
            value={form.from}
            onChange={(e) => setForm({ ...form, from: e.target.value })}
            className={`${inputClasses(!!shown.range)} [color-scheme:dark]`}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className="mb-1 block text-sm font-medium text-slate-200">
            To
          </label>
          <input
            id={ids.to}
            type="datetime-local"
            value={form.to}
            onChange={(e) => setForm({ ...form, to: e.target.value })}
            className={`${inputClasses(!!shown.range)} [color-scheme:dark]`}
          />
        </div>
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
