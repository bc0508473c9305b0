import { useId, useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { inputClasses } from '../../../components/form/field-error';
import { useDecideAppeal } from '../../../lib/api/appeals';
import { appealTextProblem, MAX_DECISION_REASON, type AppealDecisionName } from '../../../lib/appeals/appeal-records';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { AppealModal, ChoiceGroup, TextAreaField } from '../../../components/modal/appeal-modal';

type Decision = Exclude<AppealDecisionName, 'open'>;

const CHOICES: { id: Decision; label: string }[] = [
  { id: 'upheld', label: 'Uphold: the sanction stands' },
  { id: 'shortened', label: 'Shorten: end it earlier' },
  { id: 'revoked', label: 'Revoke: lift it now' },
];

/** A datetime-local value (the reader's time zone) as epoch ms; NaN when empty or invalid. */
const localToMs = (value: string) => (value ? new Date(value).getTime() : NaN);

/** Checks the new end as the server does: in the future, before the current end (0: permanent). */
export function newEndProblem(value: string, nowMs: number, currentEndMs: number): string | undefined {
  const ms = localToMs(value);
  if (Number.isNaN(ms)) return 'Choose the new end.';
  if (ms <= nowMs) return 'The new end must be in the future.';
  if (currentEndMs !== 0 && ms >= currentEndMs) return 'The new end must be earlier than the current end.';
  return undefined;
}

interface Props {
  appealId: string | null;
  currentEndMs: number;
  onClose: () => void;
  onDecided: (decision: Decision) => void;
}

export function DecideDialog({ appealId, currentEndMs, onClose, onDecided }: Props) {
  return (
    <AppealModal open={appealId !== null} onClose={onClose}>
      {appealId && <DecideForm appealId={appealId} currentEndMs={currentEndMs} onClose={onClose} onDecided={onDecided} />}
    </AppealModal>
  );
}

function DecideForm({ appealId, currentEndMs, onClose, onDecided }: Props & { appealId: string }) {
  const decide = useDecideAppeal();
  const ids = { reason: useId(), reasonError: useId(), end: useId(), endError: useId(), choiceError: useId() };
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [end, setEnd] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const choiceError = tried && !decision ? 'Choose a decision.' : undefined;
  const reasonError = tried || reason !== '' ? appealTextProblem(reason, MAX_DECISION_REASON, 'Give the reason the player will read') : undefined;
  const endError = decision === 'shortened' && tried ? newEndProblem(end, Date.now(), currentEndMs) : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!decision || appealTextProblem(reason, MAX_DECISION_REASON) || decide.isPending) return;
    if (decision === 'shortened' && newEndProblem(end, Date.now(), currentEndMs)) return;
    setFailure(null);
    try {
      await decide.mutateAsync({ appealId, decision, reason, newExpiresAtMs: decision === 'shortened' ? localToMs(end) : undefined });
      onDecided(decision);
    } catch (error) {
      setFailure(rpcFailureText(error));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <Heading slot="title" className="text-lg font-semibold text-white">
        Decide the appeal
      </Heading>
      <ChoiceGroup
        legend="Decision"
        name="appeal-decision"
        choices={CHOICES}
        value={decision}
        onChange={setDecision}
        error={choiceError}
        errorId={ids.choiceError}
      />
      {decision === 'shortened' && (
        <div>
          <label htmlFor={ids.end} className="mb-1 block text-sm font-medium text-slate-200">
            New end (your local time)
          </label>
          <input
            id={ids.end}
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            aria-invalid={endError ? true : undefined}
            aria-describedby={endError ? ids.endError : undefined}
            className={inputClasses(!!endError)}
          />
          {endError && (
            <p id={ids.endError} className="mt-1 text-xs text-rose-300">
              {endError}
            </p>
          )}
        </div>
      )}
      <TextAreaField
        id={ids.reason}
        errorId={ids.reasonError}
        label="Reason (the player reads it)"
        value={reason}
        onChange={setReason}
        error={reasonError}
        max={MAX_DECISION_REASON}
      />
      {failure && (
        <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
          Could not decide the appeal. {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={decide.isPending}>
          Cancel
        </Button>
        <button type="submit" className={buttonClasses('primary')} disabled={decide.isPending} aria-busy={decide.isPending || undefined}>
          {decide.isPending ? 'Saving…' : 'Decide'}
        </button>
      </div>
    </form>
  );
}
