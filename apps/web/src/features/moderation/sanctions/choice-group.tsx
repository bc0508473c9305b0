import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { focusRing } from '../../../components/button-styles';

interface Props<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { id: T; label: string }[];
  isDisabled?: boolean;
  description?: string;
  error?: string;
}

/**
 * A small set of exclusive choices as a row of segments (React Aria's radio group: Tab enters on the chosen one,
 * arrows move and choose, the group has its label).
 */
export function ChoiceGroup<T extends string>({ label, value, onChange, options, isDisabled, description, error }: Props<T>) {
  return (
    <RadioGroup value={value} onChange={(next) => onChange(next as T)} isDisabled={isDisabled} isInvalid={!!error} className="min-w-0">
      <Label className="mb-1 block text-sm font-medium text-slate-200">{label}</Label>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            className={`cursor-pointer rounded-md border border-white/20 bg-night-800 px-3 py-1.5 text-sm text-slate-200 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 ${focusRing} data-[focus-visible]:outline-offset-2 data-[hovered]:bg-white/10 data-[selected]:border-neon-cyan data-[selected]:bg-neon-cyan/15 data-[selected]:text-white`}
          >
            {option.label}
          </Radio>
        ))}
      </div>
      {description && (
        <Text slot="description" className="mt-1 block text-xs text-slate-400">
          {description}
        </Text>
      )}
      {error && (
        <Text slot="errorMessage" className="mt-1 block text-sm text-rose-300">
          {error}
        </Text>
      )}
    </RadioGroup>
  );
}
