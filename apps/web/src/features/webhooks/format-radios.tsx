import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { WebhookFormValues } from './webhook-form-schema';
import { FORMAT_OPTIONS } from './webhook-texts';

const HINTS: Record<string, string> = {
  '1': 'Signed {"type", "timestamp", "data"} for your own tools',
  '2': 'A Discord incoming webhook as is; mentions ping nobody',
  '3': 'A Slack incoming webhook as is',
};

/**
 * The body's format as three native radio buttons: all choices in sight, arrows move between them, and the register
 * screen stays within its download budget (a React Aria select would add its own chunk for three options).
 */
export function FormatRadios({ control }: { control: Control<WebhookFormValues> }) {
  const { field } = useController({ control, name: 'format' });
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-200">Format</legend>
      <div className="space-y-2">
        {FORMAT_OPTIONS.map((option, i) => (
          <div key={option.value} className="flex items-start gap-2">
            <input
              id={`${id}-${i}`}
              type="radio"
              ref={field.value === option.value ? field.ref : undefined}
              name={field.name}
              value={option.value}
              checked={field.value === option.value}
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
              aria-describedby={`${id}-${i}-hint`}
              className="mt-1"
            />
            <label htmlFor={`${id}-${i}`} className="text-sm text-slate-200">
              {option.label}
              <span id={`${id}-${i}-hint`} className="block text-xs text-slate-400">
                {HINTS[option.value]}
              </span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
