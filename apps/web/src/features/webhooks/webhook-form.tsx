import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField } from '../../components/form/checkbox-field';
import { FormCard } from '../../components/form/form-layout';
import { TextField } from '../../components/form/text-field';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { EventCheckboxes } from './event-checkboxes';
import { FormatRadios } from './format-radios';
import { MAX_DESCRIPTION_LENGTH, MAX_URL_LENGTH, serverFieldError, webhookFormSchema, type WebhookFormValues } from './webhook-form-schema';

interface Props {
  initial: WebhookFormValues;
  editing?: boolean;
  saving: boolean;
  cancelTo: string;
  /** Saves; rejects with the server's error, which the form shows under the field it names (else as a toast). */
  onSubmit: (values: WebhookFormValues) => Promise<unknown>;
}

/** Register or edit an endpoint: URL, events, format, a note, and (when editing) whether it is enabled. */
export function WebhookForm({ initial, editing = false, saving, cancelTo, onSubmit }: Props) {
  const feedback = useWriteFeedback();
  const { control, handleSubmit, formState, setError } = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookFormSchema),
    mode: 'all',
    defaultValues: initial,
  });
  // A saved form never saves again: the page moves on (or shows the secret in its place), and a second click or Enter
  // that lands before it has must not register a second endpoint.
  const saved = useRef(false);
  const submit = handleSubmit(async (values) => {
    if (saved.current) return;
    try {
      await onSubmit(values);
      saved.current = true;
    } catch (error) {
      const field = serverFieldError(error);
      if (field) setError(field.field, { type: 'server', message: field.message }, { shouldFocus: true });
      else feedback.failed(error);
    }
  });
  return (
    <FormCard
      label={editing ? 'Edit webhook' : 'Register webhook'}
      submitLabel={editing ? 'Save' : 'Register'}
      onSubmit={submit}
      saving={saving}
      disabled={!formState.isValid || (editing && !formState.isDirty)}
      cancelTo={cancelTo}
    >
      <TextField
        control={control}
        name="url"
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_URL_LENGTH}
        hint="Where each event is POSTed, e.g. a Discord or Slack incoming webhook. Shown as its host only outside this form."
      />
      <EventCheckboxes control={control} />
      <FormatRadios control={control} />
      <TextField control={control} name="description" label="Description (optional)" autoComplete="off" maxLength={MAX_DESCRIPTION_LENGTH} />
      {editing && <CheckboxField control={control} name="enabled" label="Enabled (events are sent)" />}
    </FormCard>
  );
}
