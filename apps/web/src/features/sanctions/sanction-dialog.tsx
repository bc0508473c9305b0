import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { buttonClasses } from '../../components/button-styles';
import { inputClasses } from '../../components/form/field-error';
import { useNotify } from '../../components/notifications/notification-context';
import { SelectWithFilter } from '../../components/select/select-with-filter';
import { useChannels } from '../../lib/api/chat-channels';
import { useDimensions } from '../../lib/api/dimensions';
import { useIssueSanction, useModerationSettings, useSanctionSuggestion, type IssueSanctionInput, type SanctionSubject } from '../../lib/api/sanctions';
import { isAdmin } from '../../lib/auth/access';
import { useSession } from '../../lib/auth/session-context';
import { rpcFailureText } from '../../lib/rpc/rpc-error';
import { ChoiceGroup } from './choice-group';
import { DurationAmountFields } from './duration-amount-fields';
import { ReasonComboBox } from './reason-combo-box';
import {
  DURATION_CHOICES,
  durationFields,
  initialValues,
  kindChoices,
  MAX_PLAYER_MESSAGE_LENGTH,
  sanctionFormSchema,
  suggestionText,
  toIssueInput,
  type SanctionFormValues,
  type SanctionPrefill,
  type SanctionTarget,
} from './sanction-form-schema';
import { issuedText } from './sanction-texts';
import { useSingleSubmit } from '../../components/form/use-single-submit';

export interface SanctionDialogProps {
  open: boolean;
  onClose: () => void;
  target: SanctionTarget;
  prefill?: SanctionPrefill;
  /**
   * Issues the sanction another way than IssueSanction (a report's resolution: the sanction and the resolution in
   * one step). Absent: IssueSanction.
   */
  issueWith?: (input: IssueSanctionInput) => Promise<unknown>;
}

const SUBJECTS = [
  { id: 'character', label: 'This character' },
  { id: 'account', label: 'The whole account' },
] as const;

/**
 * Issue a sanction on a character or its owner's account: kind, scope, duration, reason and the player's message,
 * prefilled with the next step of the escalation ladder. React Aria's modal: focus stays inside, Escape closes
 * (not while saving), focus returns to the opener.
 */
export function SanctionDialog({ open, onClose, target, prefill = {}, issueWith }: SanctionDialogProps) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-black/70 p-2 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center sm:p-4"
    >
      <Modal className="relative max-h-[calc(100dvh-1rem)] w-full max-w-xl overflow-y-auto rounded-xl border border-white/15 bg-night-900 p-5 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out sm:p-6">
        <Dialog className="outline-none">
          {/* Mounted per opening: every opening starts from the prefill and a fresh suggestion. */}
          <SanctionForm target={target} prefill={prefill} onClose={onClose} issueWith={issueWith} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function SanctionForm({
  target,
  prefill,
  onClose,
  issueWith,
}: {
  target: SanctionTarget;
  prefill: SanctionPrefill;
  onClose: () => void;
  issueWith?: SanctionDialogProps['issueWith'];
}) {
  const session = useSession();
  const admin = isAdmin(session.user);
  const notify = useNotify();
  const settings = useModerationSettings();
  const channels = useChannels();
  const dimensions = useDimensions();
  const issue = useIssueSanction();
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();

  const { control, handleSubmit, setValue, getFieldState, formState } = useForm<SanctionFormValues>({
    resolver: zodResolver(sanctionFormSchema),
    mode: 'all',
    defaultValues: initialValues(prefill, admin),
  });
  const [kind, subject, scope, duration] = useWatch({ control, name: ['kind', 'subject', 'scope', 'duration'] });
  const accountBan = kind === 'account-ban';
  const accountWide = accountBan || subject === 'account';

  const suggestionSubject: SanctionSubject = accountWide ? { accountId: target.accountId } : { characterId: target.characterId };
  const suggestion = useSanctionSuggestion(suggestionSubject);
  const step = suggestion.data?.step ?? null;
  // The suggestion fills kind and duration until the moderator chooses them (a choice counts even when it equals
  // the default: 'dirty' would not tell), once per suggested step.
  const chosen = useRef({ kind: false, duration: false });
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
  const choose =
    <T,>(what: 'kind' | 'duration', onChange: (value: T) => void) =>
    (value: T) => {
      chosen.current[what] = true;
      onChange(value);
    };

  const channelOptions = useMemo(() => {
    const list = (channels.data ?? []).map((c) => ({ value: c.id, label: c.name }));
    if (prefill.channelId && !list.some((o) => o.value === prefill.channelId))
      list.unshift({ value: prefill.channelId, label: prefill.channelName ?? prefill.channelId });
    return list;
  }, [channels.data, prefill.channelId, prefill.channelName]);
  const dimensionOptions = useMemo(() => (dimensions.data ?? []).map((d) => ({ value: d.id, label: d.name })), [dimensions.data]);
  const scopeOptions = [
    { id: 'channel', label: prefill.channelId ? 'This channel' : 'A channel' },
    { id: 'dimension', label: 'A dimension' },
    { id: 'everywhere', label: 'Everywhere' },
  ] as const;

  // Errors show once a field was touched or a submit was tried.
  const shown = (name: keyof SanctionFormValues) => {
    const state = getFieldState(name, formState);
    return state.error && (state.isTouched || state.isDirty || formState.isSubmitted) ? state.error.message : undefined;
  };

  const pending = issue.isPending || formState.isSubmitting;
  const subjectName = accountWide ? `the account of ${target.accountName || target.characterName}` : target.characterName;

  async function submit(values: SanctionFormValues) {
    setFailure(null);
    try {
      const input = toIssueInput(values, target);
      if (issueWith) {
        await issueWith(input);
        notify.success(issuedText({ ...input, characterName: target.characterName, accountName: target.accountName ?? '' }, target));
      } else {
        notify.success(issuedText(await issue.mutateAsync(input), target));
      }
      onClose();
    } catch (error) {
      setFailure(rpcFailureText(error));
    }
  }

  const submitOnce = useSingleSubmit(handleSubmit(submit));
  return (
    <form onSubmit={submitOnce} noValidate aria-describedby={failure ? errorId : undefined} className="space-y-5">
      <div>
        <Heading slot="title" className="text-lg font-semibold text-white">
          Sanction {target.characterName}
        </Heading>
        <p className="mt-1 text-sm text-slate-300">
          Applies to <span className="font-medium text-white">{subjectName}</span>.
        </p>
      </div>

      {prefill.quote !== undefined && (
        <figure className="rounded-lg border border-white/10 bg-white/5 px-3 py-2">
          <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-400">Message</figcaption>
          <blockquote className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-100">{prefill.quote}</blockquote>
        </figure>
      )}

      <p aria-live="polite" className="min-h-5 text-sm text-cyan-100">
        {suggestion.isPending && suggestion.fetchStatus === 'fetching'
          ? 'Looking up this subject’s history…'
          : step
            ? suggestionText(step, suggestion.data?.priorSanctions ?? 0)
            : suggestion.isError
              ? `No suggestion: ${rpcFailureText(suggestion.error)}`
              : ''}
      </p>

      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <ChoiceGroup
            label="Kind"
            value={field.value}
            onChange={choose('kind', field.onChange)}
            options={kindChoices(admin)}
            error={shown('kind')}
            description={kindHint(kind)}
          />
        )}
      />
      <Controller
        control={control}
        name="subject"
        render={({ field }) => (
          <ChoiceGroup
            label="Subject"
            value={accountBan ? 'account' : field.value}
            onChange={field.onChange}
            options={SUBJECTS}
            isDisabled={accountBan}
            description={accountBan ? 'An account ban always takes the whole account.' : undefined}
          />
        )}
      />
      <div className="space-y-3">
        <Controller
          control={control}
          name="scope"
          render={({ field }) => (
            <ChoiceGroup
              label="Scope"
              value={accountBan ? 'everywhere' : field.value}
              onChange={field.onChange}
              options={scopeOptions}
              isDisabled={accountBan}
              description={accountBan ? 'An account ban covers every channel, the game API and sign-in.' : undefined}
            />
          )}
        />
        {!accountBan && scope === 'channel' && (
          <Controller
            control={control}
            name="channelId"
            render={({ field }) => (
              <SelectWithFilter
                label="Channel"
                options={channelOptions}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={shown('channelId')}
                placeholder="Choose a channel"
              />
            )}
          />
        )}
        {!accountBan && scope === 'dimension' && (
          <Controller
            control={control}
            name="dimensionId"
            render={({ field }) => (
              <SelectWithFilter
                label="Dimension"
                options={dimensionOptions}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={shown('dimensionId')}
                placeholder="Choose a dimension"
              />
            )}
          />
        )}
      </div>

      <div className="space-y-3">
        <Controller
          control={control}
          name="duration"
          render={({ field }) => <ChoiceGroup label="Duration" value={field.value} onChange={choose('duration', field.onChange)} options={DURATION_CHOICES} />}
        />
        {duration === 'custom' && (
          <DurationAmountFields control={control} amountName="customAmount" unitName="customUnit" amountLabel="Custom amount" error={shown('customAmount')} />
        )}
      </div>

      <Controller
        control={control}
        name="reason"
        render={({ field }) => (
          <ReasonComboBox
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            templates={settings.data?.reasonTemplates ?? []}
            error={shown('reason')}
          />
        )}
      />
      {settings.isError && <p className="-mt-3 text-sm text-amber-200">Could not load the reason templates: {rpcFailureText(settings.error)}</p>}

      <Controller
        control={control}
        name="playerMessage"
        render={({ field }) => <PlayerMessageField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={shown('playerMessage')} />}
      />

      {failure && (
        <p id={errorId} role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
          Could not issue the sanction. {failure}
        </p>
      )}

      {/* Pinned to the bottom of the dialog's scroll box: the buttons stay in view however tall the form gets. */}
      <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-3 border-t border-white/10 bg-night-900 px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6">
        <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={pending}>
          Cancel
        </Button>
        <button type="submit" className={buttonClasses('danger')} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Issuing…' : 'Issue sanction'}
        </button>
      </div>
    </form>
  );
}

function kindHint(kind: SanctionFormValues['kind']): string {
  if (kind === 'mute') return 'No sending; reading is allowed.';
  if (kind === 'ban') return 'No reading or sending in the scope.';
  return 'No game API and no sign-in for every character of the account.';
}

function PlayerMessageField({ value, onChange, onBlur, error }: { value: string; onChange: (v: string) => void; onBlur: () => void; error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        Player message <span className="font-normal text-slate-400">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        maxLength={MAX_PLAYER_MESSAGE_LENGTH + 100}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={inputClasses(!!error)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        Shown to the player when the sanction refuses them.
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
