import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import { buttonClasses } from '../../../components/button-styles';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { visibleError } from '../../../components/form/field-error';
import { ChoiceGroup } from './choice-group';
import { DurationAmountFields } from './duration-amount-fields';
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
  const permanent = useWatch({ control, name: `ladder.${index}.permanent` });
  const formState = useFormState({ control, name: `ladder.${index}.amount` });
  const amountError = visibleError(control.getFieldState(`ladder.${index}.amount`, formState));
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
          <DurationAmountFields
            control={control}
            amountName={`ladder.${index}.amount`}
            unitName={`ladder.${index}.unit`}
            amountLabel="Duration"
            error={amountError}
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
