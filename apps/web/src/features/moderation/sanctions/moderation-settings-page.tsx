import { useEffect } from 'react';
import { useFieldArray, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button-styles';
import { TextField } from '../../../components/form/text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { ListLoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { useWriteFeedback } from '../../../lib/api/use-write-feedback';
import { useModerationSettings, useSaveModerationSettings, type ModerationSettingsRecord } from '../../../lib/api/sanctions';
import { LadderStepFields } from './ladder-step-fields';
import {
  MAX_LADDER_STEPS,
  MAX_TEMPLATES,
  moderationSettingsSchema,
  NEW_STEP,
  settingsValues,
  toModerationSettings,
  type ModerationSettingsValues,
} from './moderation-settings-schema';
import { useSingleSubmit } from '../../../components/form/use-single-submit';
import { useAreaHref } from '../../../lib/area-links';

/** /admin/sanctions/settings: the reason templates offered in the sanction dialog and the escalation ladder. */
export default function ModerationSettingsPage() {
  const settings = useModerationSettings();
  return (
    <>
      <title>Moderation settings · SRO Admin</title>
      <PageHeader
        title="Moderation settings"
        description="The reasons offered when issuing a sanction, and the ladder that suggests the next one from a player's history."
        actions={
          <Link to={useAreaHref()('sanctions') ?? '/'} className={buttonClasses('secondary')}>
            Back to sanctions
          </Link>
        }
      />
      {settings.isError ? (
        <ListLoadError what="moderation settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : (
        <PageLoading />
      )}
    </>
  );
}

function SettingsForm({ settings }: { settings: ModerationSettingsRecord }) {
  const save = useSaveModerationSettings();
  const feedback = useWriteFeedback();
  const { control, handleSubmit, reset, formState } = useForm<ModerationSettingsValues>({
    resolver: zodResolver(moderationSettingsSchema),
    defaultValues: settingsValues(settings),
    mode: 'onChange',
  });
  // Saved (or changed elsewhere and refetched): the server's values are the form's new starting point.
  useEffect(() => reset(settingsValues(settings)), [settings, reset]);
  const templates = useFieldArray({ control, name: 'templates' });
  const ladder = useFieldArray({ control, name: 'ladder' });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toModerationSettings(values));
      feedback.succeeded('Moderation settings saved');
    } catch (error) {
      feedback.failed(error);
    }
  });
  const submitOnce = useSingleSubmit(submit);
  const listError = (formState.errors.templates?.root ?? formState.errors.templates)?.message;
  const ladderError = (formState.errors.ladder?.root ?? formState.errors.ladder)?.message;

  return (
    <form onSubmit={submitOnce} noValidate aria-label="Moderation settings" className="max-w-3xl space-y-8">
      <fieldset className="space-y-3 rounded-xl border border-white/10 bg-night-900/70 p-5 sm:p-6">
        <legend className="px-1 text-lg font-semibold text-white">Reason templates</legend>
        <p className="text-sm text-slate-300">Offered in the sanction dialog's reason field; moderators can still write their own.</p>
        <ol className="space-y-3">
          {templates.fields.map((field, i) => (
            <li key={field.id} className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <TextField control={control} name={`templates.${i}.text`} label={`Template ${i + 1}`} maxLength={200} />
              </div>
              <button type="button" className={buttonClasses('secondary')} onClick={() => templates.remove(i)} disabled={templates.fields.length === 1}>
                Remove<span className="sr-only"> template {i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        <FieldListError message={listError} />
        <button
          type="button"
          className={buttonClasses('secondary')}
          onClick={() => templates.append({ text: '' })}
          disabled={templates.fields.length >= MAX_TEMPLATES}
        >
          Add template
        </button>
      </fieldset>

      <fieldset className="space-y-3 rounded-xl border border-white/10 bg-night-900/70 p-5 sm:p-6">
        <legend className="px-1 text-lg font-semibold text-white">Escalation ladder</legend>
        <p className="text-sm text-slate-300">
          Mildest first. A subject with n earlier sanctions (revoked ones not counted) is offered step n + 1; past the end, the last step repeats.
        </p>
        <ol className="space-y-3">
          {ladder.fields.map((field, i) => (
            <LadderStepFields
              key={field.id}
              control={control as Control<ModerationSettingsValues>}
              index={i}
              count={ladder.fields.length}
              onMove={ladder.move}
              onRemove={ladder.remove}
            />
          ))}
        </ol>
        <FieldListError message={ladderError} />
        <button
          type="button"
          className={buttonClasses('secondary')}
          onClick={() => ladder.append(NEW_STEP)}
          disabled={ladder.fields.length >= MAX_LADDER_STEPS}
        >
          Add step
        </button>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={buttonClasses('secondary')}
          onClick={() => reset(settingsValues(settings))}
          disabled={!formState.isDirty || save.isPending}
        >
          Discard changes
        </button>
        <SubmitButton saving={save.isPending} invalid={!formState.isValid || !formState.isDirty} />
      </div>
    </form>
  );
}

function FieldListError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-rose-300">
      {message}
    </p>
  ) : null;
}
