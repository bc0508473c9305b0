import { useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { buttonClasses } from '../../components/button-styles';
import { CheckboxField } from '../../components/form/checkbox-field';
import { inputClasses, visibleError } from '../../components/form/field-error';
import { ChoiceGroup } from './choice-group';
import { CUSTOM_UNITS } from './sanction-form-schema';
import type { ModerationSettingsValues } from './moderation-settings-schema';

const KINDS = [
  { id: 'mute', label: 'Mute' },
  { id: 'ban', label: 'Ban' },
] as const;

interface Props {
  control: Control<ModerationSettingsValues>;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One step of the ladder: kind, duration (or permanent), and its place in the order. */
export function LadderStepFields({ control, index, count, onMove, onRemove }: Props) {
  const amountId = useId();
  const unitId = useId();
  const permanent = useWatch({ control, name: `ladder.${index}.permanent` });
  const step = `step ${index + 1}`;
  return (
    <li className="rounded-lg border border-white/10 p-3">
      <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-100">Step {index + 1}</legend>
        <Controller
          control={control}
          name={`ladder.${index}.kind`}
          render={({ field }) => <ChoiceGroup label="Kind" value={field.value} onChange={field.onChange} options={KINDS} />}
        />
        <div className="pb-2">
          <CheckboxField control={control} name={`ladder.${index}.permanent`} label="Permanent" />
        </div>
        {!permanent && (
          <Controller
            control={control}
            name={`ladder.${index}.amount`}
            render={({ field, fieldState }) => {
              const error = visibleError(fieldState);
              return (
                <div className="flex flex-wrap items-end gap-2">
                  <div className="w-24">
                    <label htmlFor={amountId} className="mb-1 block text-sm font-medium text-slate-200">
                      Duration
                    </label>
                    <input
                      id={amountId}
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      name={field.name}
                      ref={field.ref}
                      value={Number.isNaN(field.value) ? '' : field.value}
                      onChange={(e) => field.onChange(e.target.valueAsNumber)}
                      onBlur={field.onBlur}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${amountId}-error` : undefined}
                      className={inputClasses(!!error)}
                    />
                  </div>
                  <div className="w-32">
                    <label htmlFor={unitId} className="mb-1 block text-sm font-medium text-slate-200">
                      Unit
                    </label>
                    <Controller
                      control={control}
                      name={`ladder.${index}.unit`}
                      render={({ field: unit }) => (
                        <select
                          id={unitId}
                          name={unit.name}
                          ref={unit.ref}
                          value={unit.value}
                          onChange={unit.onChange}
                          onBlur={unit.onBlur}
                          className={inputClasses(false)}
                        >
                          {Object.keys(CUSTOM_UNITS).map((u) => (
                            <option key={u} value={u}>
                              {u}
                            </option>
                          ))}
                        </select>
                      )}
                    />
                  </div>
                  {error && (
                    <p id={`${amountId}-error`} className="basis-full text-sm text-rose-300">
                      {error}
                    </p>
                  )}
                </div>
              );
            }}
          />
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          <button type="button" className={buttonClasses('secondary')} onClick={() => onMove(index, index - 1)} disabled={index === 0}>
            Move up<span className="sr-only"> {step}</span>
          </button>
          <button type="button" className={buttonClasses('secondary')} onClick={() => onMove(index, index + 1)} disabled={index === count - 1}>
            Move down<span className="sr-only"> {step}</span>
          </button>
          <button type="button" className={buttonClasses('secondary')} onClick={() => onRemove(index)} disabled={count === 1}>
            Remove<span className="sr-only"> {step}</span>
          </button>
        </div>
      </fieldset>
    </li>
  );
}
