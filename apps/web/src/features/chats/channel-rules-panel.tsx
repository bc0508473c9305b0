import { useEffect, useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { buttonClasses } from '../../components/button-styles';
import { inputClasses } from '../../components/form/field-error';
import { SubmitButton } from '../../components/form/submit-button';
import { useNotify } from '../../components/notifications/notification-context';
import { useChannelRules, useSetChannelRules } from '../../lib/api/channel-rules';
import { MAX_RULES, rulesFormErrors, serverErrorField, type ChannelRulesForm } from '../../lib/channel-rules/channel-rules-records';
import { rpcErrorParts, rpcFailureText } from '../../lib/rpc/rpc-error';
import { useSingleSubmit } from '../../components/form/use-single-submit';

const NEW_RULE = { kind: 'word', pattern: '', action: 'hold', message: '' } as const;

/**
 * The channel's rules on its page (docs/moderation.md "Channel rules and the review lane"): slow mode, members only
 * and the word and pattern list, each with its action. Saved at once for every node; every save is audited.
 */
export function ChannelRulesPanel({ channelId }: { channelId: string }) {
  const rules = useChannelRules(channelId);
  return (
    <section aria-labelledby="channel-rules-title" className="mt-8 max-w-4xl">
      <h2 id="channel-rules-title" className="mb-1 text-lg font-semibold text-white">
        Rules
      </h2>
      <p className="mb-4 text-sm text-slate-400">
        Words match whole words, ignoring case and look-alike forms (fullwidth letters, ligatures). Patterns are RE2 regular expressions. Block refuses the
        message with its text; hold sends it to the review lane (Moderation).
      </p>
      {rules.isError ? (
        <p role="alert" className="text-sm text-rose-300">
          {rpcFailureText(rules.error)}
        </p>
      ) : rules.data ? (
        <RulesForm channelId={channelId} initial={rules.data} />
      ) : (
        <div className="skeleton h-40 w-full rounded-xl" aria-label="Loading rules" />
      )}
    </section>
  );
}

function RulesForm({ channelId, initial }: { channelId: string; initial: ChannelRulesForm }) {
  const save = useSetChannelRules(channelId);
  const notify = useNotify();
  const [serverError, setServerError] = useState<{ field: string; text: string } | null>(null);
  const { register, control, handleSubmit, watch, reset, formState } = useForm<ChannelRulesForm>({ defaultValues: initial });
  const { fields, append, remove } = useFieldArray({ control, name: 'rules' });
  useEffect(() => reset(initial), [initial, reset]);
  const values = watch();
  const errors = rulesFormErrors(values);
  const errorOf = (field: string) => errors[field] ?? (serverError?.field === field ? serverError.text : undefined);
  const invalid = Object.keys(errors).length > 0;

  const submit = handleSubmit(async (form) => {
    setServerError(null);
    try {
      await save.mutateAsync({ ...form, slowModeSeconds: Number(form.slowModeSeconds) });
      notify.success('Channel rules saved.');
    } catch (error) {
      const field = serverErrorField(rpcErrorParts(error).message);
      if (field) setServerError(field);
      notify.error(rpcFailureText(error), { key: 'channel-rules-error' });
    }
  });
  const submitOnce = useSingleSubmit(submit);

  return (
    <form aria-label="Channel rules" noValidate onSubmit={submitOnce} className="space-y-5 rounded-xl border border-white/10 bg-night-900/70 p-5 sm:p-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Slow mode (seconds between messages per character, 0 = off)" error={errorOf('slowModeSeconds')}>
          {(props) => <input {...props} type="number" min={0} max={86400} {...register('slowModeSeconds', { valueAsNumber: true })} />}
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-200">
          <input type="checkbox" {...register('membersOnly')} />
          Members only (only authorized characters may send)
        </label>
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-slate-200">
          Word and pattern list ({fields.length} of {MAX_RULES})
        </legend>
        {fields.length === 0 && <p className="text-sm text-slate-400">No rules: every message is delivered.</p>}
        {fields.map((field, i) => (
          <div key={field.id} className="grid gap-3 rounded-lg border border-white/10 p-3 sm:grid-cols-[7rem_1fr_10.5rem_1fr_auto] sm:items-end">
            <Field label={`Rule ${i + 1} kind`} error={errorOf(`rules[${i}].kind`)}>
              {(props) => (
                <select {...props} {...register(`rules.${i}.kind`)}>
                  <option value="word">Word</option>
                  <option value="pattern">Pattern</option>
                </select>
              )}
            </Field>
            <Field label={`Rule ${i + 1} word or pattern`} error={errorOf(`rules[${i}].pattern`)}>
              {(props) => <input {...props} autoComplete="off" {...register(`rules.${i}.pattern`)} />}
            </Field>
            <Field label={`Rule ${i + 1} action`} error={errorOf(`rules[${i}].action`)}>
              {(props) => (
                <select {...props} {...register(`rules.${i}.action`)}>
                  <option value="hold">Hold for review</option>
                  <option value="block">Block</option>
                </select>
              )}
            </Field>
            <Field label={`Rule ${i + 1} message to the sender`} error={errorOf(`rules[${i}].message`)}>
              {(props) => <input {...props} autoComplete="off" {...register(`rules.${i}.message`)} />}
            </Field>
            <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => remove(i)} aria-label={`Remove rule ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
        {errors.rules && <p className="text-sm text-rose-300">{errors.rules}</p>}
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => append({ ...NEW_RULE })} disabled={fields.length >= MAX_RULES}>
          Add rule
        </button>
      </fieldset>
      <div className="flex justify-end border-t border-white/10 pt-5">
        <SubmitButton saving={save.isPending} invalid={invalid || !formState.isDirty}>
          Save rules
        </SubmitButton>
      </div>
    </form>
  );
}

type ControlProps = { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; className: string };

/** A labelled control with its error under it; the control comes from `children` so register() spreads onto it. */
function Field({ label, error, children }: { label: string; error?: string; children: (props: ControlProps) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-300">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, className: inputClasses(!!error) })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
