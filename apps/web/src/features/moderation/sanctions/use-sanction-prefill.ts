import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSanctionSuggestion, type SanctionSubject } from '../../../lib/api/sanctions';
import { durationFields, initialValues, sanctionFormSchema, type SanctionFormValues, type SanctionPrefill, type SanctionTarget } from './sanction-form-schema';

/** Wraps a field's onChange so the moderator's own choice is kept over a later suggestion. */
export type ChooseField = <T>(what: 'kind' | 'duration', onChange: (value: T) => void) => (value: T) => void;

/**
 * What the sanction form starts with: the defaults for where it was opened (the prefill, whether the moderator is an
 * admin) or the values kept across a step-up, then the next step of the subject's escalation ladder once its history
 * is known.
 */
export function useSanctionPrefill(target: SanctionTarget, prefill: SanctionPrefill, admin: boolean, restored?: SanctionFormValues) {
  const form = useForm<SanctionFormValues>({
    resolver: zodResolver(sanctionFormSchema),
    mode: 'all',
    defaultValues: restored ?? initialValues(prefill, admin),
  });
  const { control, setValue } = form;
  const [kind, subject] = useWatch({ control, name: ['kind', 'subject'] });
  const accountWide = kind === 'account-ban' || subject === 'account';

  const suggestionSubject: SanctionSubject = accountWide ? { accountId: target.accountId } : { characterId: target.characterId };
  const suggestion = useSanctionSuggestion(suggestionSubject);
  const step = suggestion.data?.step ?? null;
  // The suggestion fills kind and duration until the moderator chooses them (a choice counts even when it equals
  // the default: 'dirty' would not tell), once per suggested step.
  // Values kept across a step-up (sanction-dialog.tsx) were the moderator's choices: no suggestion overrides them.
  const chosen = useRef({ kind: !!restored, duration: !!restored });
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!step) return;
    const key = `${step.kind}:${step.durationSeconds}`;
    if (applied.current === key) return;
    applied.current = key;
    if (!chosen.current.kind) setValue('kind', step.kind, { shouldValidate: true });
    if (!chosen.current.duration) {
      const fields = durationFields(step.durationSeconds);
      setValue('duration', fields.duration, { shouldValidate: true });
      setValue('customAmount', fields.customAmount, { shouldValidate: true });
      setValue('customUnit', fields.customUnit, { shouldValidate: true });
    }
  }, [step, setValue]);
  const choose: ChooseField = (what, onChange) => (value) => {
    chosen.current[what] = true;
    onChange(value);
    // The scope's rule depends on the kind (the game scope takes bans only): its error follows the kind's change.
    if (what === 'kind' && form.getFieldState('scope').error) void form.trigger('scope');
  };

  return { form, accountWide, suggestion, choose };
}
