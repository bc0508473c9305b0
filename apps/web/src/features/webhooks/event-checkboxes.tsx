import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { visibleError } from '../../components/form/field-error';
import type { WebhookFormValues } from './webhook-form-schema';
import { WEBHOOK_EVENTS } from './webhook-texts';

/** The events an endpoint asks for: one checkbox each, bound to the form's `events` list. */
export function EventCheckboxes({ control }: { control: Control<WebhookFormValues> }) {
  const { field, fieldState } = useController({ control, name: 'events' });
  const id = useId();
  const error = visibleError(fieldState);
  const chosen = field.value;
  // A change marks the group touched: unticking the last event shows its error at once, not after leaving the group.
  const toggle = (event: string, on: boolean) => {
    field.onChange(on ? [...chosen, event] : chosen.filter((e) => e !== event));
    field.onBlur();
  };
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-200">Events</legend>
      <div className="space-y-2">
        {WEBHOOK_EVENTS.map((event, i) => (
          <div key={event.value} className="flex items-start gap-2">
            <input
              id={`${id}-${i}`}
              type="checkbox"
              ref={i === 0 ? field.ref : undefined}
              name={field.name}
              value={event.value}
              checked={chosen.includes(event.value)}
              onChange={(e) => toggle(event.value, e.target.checked)}
              onBlur={field.onBlur}
              aria-describedby={`${id}-${i}-hint`}
              className="mt-1"
            />
            <label htmlFor={`${id}-${i}`} className="text-sm text-slate-200">
              {event.label} <code className="text-xs text-slate-400">{event.value}</code>
              <span id={`${id}-${i}-hint`} className="block text-xs text-slate-400">
                {event.hint}
              </span>
            </label>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
