import { useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { Button, Heading } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { SelectWithFilter } from '../../../components/select/select-with-filter';
import { useChannels } from '../../../lib/api/chat-channels';
import { useDimensions } from '../../../lib/api/dimensions';
import { useModerationSettings, type useSanctionSuggestion } from '../../../lib/api/sanctions';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { ChoiceGroup } from './choice-group';
import { DurationAmountFields } from './duration-amount-fields';
import { PlayerMessageField } from './player-message-field';
import { ReasonComboBox } from './reason-combo-box';
import { DURATION_CHOICES, kindChoices, suggestionText, type SanctionFormValues, type SanctionPrefill, type SanctionTarget } from './sanction-form-schema';
import type { ChooseField } from './use-sanction-prefill';

/** A field's error as the form shows it (undefined until it should show). */
export type ShownError = (name: keyof SanctionFormValues) => string | undefined;

interface FieldGroupProps {
  control: Control<SanctionFormValues>;
  shown: ShownError;
}

const SUBJECTS = [
  { id: 'character', label: 'This character' },
  { id: 'account', label: 'The whole account' },
] as const;

/** The dialog's title, whom the sanction applies to, the reported message and the history lookup's outcome. */
export function SanctionFormIntro({
  target,
  accountWide,
  quote,
  suggestion,
}: {
  target: SanctionTarget;
  accountWide: boolean;
  quote: string | undefined;
  suggestion: ReturnType<typeof useSanctionSuggestion>;
}) {
  const subjectName = accountWide ? `the account of ${target.accountName || target.characterName}` : target.characterName;
  const step = suggestion.data?.step ?? null;
  return (
    <>
      <div>
        <Heading slot="title" className="text-lg font-semibold text-white">
          Sanction {target.characterName}
        </Heading>
        <p className="mt-1 text-sm text-slate-300">
          Applies to <span className="font-medium text-white">{subjectName}</span>.
        </p>
      </div>

      {quote !== undefined && (
        <figure className="rounded-lg border border-white/10 bg-white/5 px-3 py-2">
          <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-400">Message</figcaption>
          <blockquote className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-100">{quote}</blockquote>
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
    </>
  );
}

function kindHint(kind: SanctionFormValues['kind']): string {
  if (kind === 'mute') return 'No sending; reading is allowed.';
  if (kind === 'ban') return 'No reading or sending in the scope.';
  return 'No game API and no sign-in for every character of the account.';
}

/** Kind and subject; an account ban fixes the subject to the whole account. */
export function KindAndSubjectFields({ control, shown, admin, choose }: FieldGroupProps & { admin: boolean; choose: ChooseField }) {
  const kind = useWatch({ control, name: 'kind' });
  const accountBan = kind === 'account-ban';
  return (
    <>
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
    </>
  );
}

function scopeHint(accountBan: boolean, scope: SanctionFormValues['scope']): string | undefined {
  if (accountBan) return 'An account ban covers every channel, the game API and sign-in.';
  if (scope === 'game') return 'No joining game servers; a playing character is disconnected now. Chat is untouched. Bans only.';
  return undefined;
}

/** Where the sanction applies: a channel, a dimension, everywhere in chat, or the game servers; an account ban is always everywhere. */
export function ScopeFields({ control, shown, prefill }: FieldGroupProps & { prefill: SanctionPrefill }) {
  const channels = useChannels();
  const dimensions = useDimensions();
  const [kind, scope] = useWatch({ control, name: ['kind', 'scope'] });
  const accountBan = kind === 'account-ban';
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
    { id: 'game', label: 'Game sessions' },
  ] as const;
  return (
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
            error={accountBan ? undefined : shown('scope')}
            description={scopeHint(accountBan, scope)}
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
  );
}

/** A preset duration, permanent, or a custom amount and unit. */
export function SanctionDurationFields({ control, shown, choose }: FieldGroupProps & { choose: ChooseField }) {
  const duration = useWatch({ control, name: 'duration' });
  return (
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
  );
}

/** The reason (with the configured templates) and the optional message for the player. */
export function ReasonAndMessageFields({ control, shown }: FieldGroupProps) {
  const settings = useModerationSettings();
  return (
    <>
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
    </>
  );
}

/** The failure of the last try, then Cancel and Issue. */
export function SanctionFormActions({
  failure,
  errorId,
  pending,
  onClose,
}: {
  failure: string | null;
  errorId: string;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <>
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
    </>
  );
}
