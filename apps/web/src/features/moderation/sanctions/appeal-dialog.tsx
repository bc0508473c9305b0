import { useId, useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { useFileAppeal } from '../../../lib/api/appeals';
import { APPEAL_REASONS, appealTextProblem, MAX_APPEAL_TEXT, type AppealReasonName } from '../../../lib/appeals/appeal-records';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { AppealModal, ChoiceGroup, TextAreaField } from '../../../components/modal/appeal-modal';

interface Props {
  /** The sanction appealed, or null while closed. */
  sanctionId: string | null;
  onClose: () => void;
  onFiled: () => void;
}

/** The player's appeal of one active sanction: a reason from the list and a text (1..1000 characters). */
export function AppealDialog({ sanctionId, onClose, onFiled }: Props) {
  return (
    <AppealModal open={sanctionId !== null} onClose={onClose}>
      {sanctionId && <AppealForm sanctionId={sanctionId} onClose={onClose} onFiled={onFiled} />}
    </AppealModal>
  );
}

function AppealForm({ sanctionId, onClose, onFiled }: { sanctionId: string; onClose: () => void; onFiled: () => void }) {
  const file = useFileAppeal();
  const ids = { text: useId(), textError: useId(), reasonError: useId() };
  const [reason, setReason] = useState<AppealReasonName | null>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonError = tried && !reason ? 'Choose a reason.' : undefined;
  const textError = tried || text !== '' ? appealTextProblem(text) : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!reason || appealTextProblem(text) || file.isPending) return;
    setFailure(null);
    try {
      await file.mutateAsync({ sanctionId, reason, text });
      onFiled();
    } catch (error) {
      setFailure(rpcFailureText(error));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <Heading slot="title" className="text-lg font-semibold text-white">
        Appeal this sanction
      </Heading>
      <p className="text-sm text-slate-300">A moderator who did not issue it reviews your appeal. You can appeal a sanction once.</p>
      <ChoiceGroup
        legend="Why should it change?"
        name="appeal-reason"
        choices={APPEAL_REASONS}
        value={reason}
        onChange={setReason}
        error={reasonError}
        errorId={ids.reasonError}
      />
      <TextAreaField id={ids.text} errorId={ids.textError} label="Your explanation" value={text} onChange={setText} error={textError} max={MAX_APPEAL_TEXT} />
      {failure && (
        <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
          Could not send the appeal. {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={file.isPending}>
          Cancel
        </Button>
        <button type="submit" className={buttonClasses('primary')} disabled={file.isPending} aria-busy={file.isPending || undefined}>
          {file.isPending ? 'Sending…' : 'Send appeal'}
        </button>
      </div>
    </form>
  );
}
