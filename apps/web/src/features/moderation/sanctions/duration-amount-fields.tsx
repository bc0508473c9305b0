import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { inputClasses } from '../../../components/form/field-error';
import { CUSTOM_UNITS } from './sanction-form-schema';
import { focusRing } from '../../../components/button-styles';

interface Props<T extends FieldValues> {
  control: Control<T>;
  /** A number field (NaN while empty). */
  amountName: FieldPath<T>;
  /** One of CUSTOM_UNITS' keys. */
  unitName: FieldPath<T>;
  amountLabel: string;
  error?: string;
}

/** A whole number of minutes, hours or days: the sanction dialog's custom duration and a ladder step's. */
export function DurationAmountFields<T extends FieldValues>({ control, amountName, unitName, amountLabel, error }: Props<T>) {
  const amountId = useId();
  return (
    <div className="flex flex-wrap items-start gap-3">
      <div className="w-28">
        <label htmlFor={amountId} className="mb-1 block text-sm font-medium text-slate-200">
          {amountLabel}
        </label>
        <Controller
          control={control}
          name={amountName}
          render={({ field }) => (
            <input
              id={amountId}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''}
              onChange={(e) => field.onChange(e.target.valueAsNumber)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${amountId}-error` : undefined}
              className={inputClasses(!!error)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name={unitName}
        render={({ field }) => (
          <Select selectedKey={String(field.value)} onSelectionChange={(key) => field.onChange(String(key))} className="w-36">
            <Label className="mb-1 block text-sm font-medium text-slate-200">Unit</Label>
            <Button
              className={`flex min-h-10 w-full items-center justify-between rounded-md border border-white/20 bg-night-800 px-3 py-2 text-left text-sm text-slate-100 ${focusRing}`}
            >
              <SelectValue />
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-slate-300" fill="none">
                <path d="M6 8l4 4 4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Button>
            <Popover className="w-(--trigger-width) rounded-md border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50">
              <ListBox className="outline-none">
                {Object.keys(CUSTOM_UNITS).map((unit) => (
                  <ListBoxItem
                    key={unit}
                    id={unit}
                    className="cursor-pointer rounded px-3 py-2 text-sm text-slate-200 outline-none data-[focused]:bg-white/10 data-[focused]:text-white"
                  >
                    {unit}
                  </ListBoxItem>
                ))}
              </ListBox>
            </Popover>
          </Select>
        )}
      />
      {error && (
        <p id={`${amountId}-error`} className="basis-full text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
