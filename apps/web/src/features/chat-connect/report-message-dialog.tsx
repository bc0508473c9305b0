import { useId, useState } from 'react';
import { Button, Dialog, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import { buttonClasses, focusRing } from '../../components/button-styles';
import { inputClasses } from '../../components/form/field-error';
import { useReportMessage } from '../../lib/api/reports';
import { detailsProblem, detailsToSend, MAX_REPORT_DETAILS, REPORT_REASONS, type ReportReasonName } from '../../lib/reports/report-records';
import { rpcFailureText } from '../../lib/rpc/rpc-error';

export interface ReportTarget {
  messageId: string;
  /** The reporter's own character that reads the message. */
  characterId: string;
  senderName: string;
  content: string;
}

interface Props {
  target: ReportTarget | null;
  onClose: () => void;
  onReported: () => void;
}

/** Report a message to the moderators: a reason from the short list and an optional note. React Aria's modal. */
export function ReportMessageDialog({ target, onClose, onReported }: Props) {
  return (
    <ModalOverlay
      isOpen={target !== null}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-2 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center sm:p-4"
    >
      <Modal className="relative max-h-[calc(100dvh-1rem)] w-full max-w-md overflow-y-auto rounded-xl border border-white/15 bg-night-900 p-5 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out sm:p-6">
        <Dialog className="outline-none">{target && <ReportForm target={target} onClose={onClose} onReported={onReported} />}</Dialog>
      </Modal>
    </ModalOverlay>
  );
}

const radioClass = `flex cursor-pointer items-center gap-3 rounded-lg border border-white/10 px-3 py-2 text-sm text-slate-100 ${focusRing} data-[selected]:border-neon-cyan/70 data-[selected]:bg-neon-cyan/10`;

function ReportForm({ target, onClose, onReported }: { target: ReportTarget; onClose: () => void; onReported: () => void }) {
  const report = useReportMessage();
  const ids = { details: useId(), detailsError: useId(), reasonError: useId() };
  const [reason, setReason] = useState<ReportReasonName | null>(null);
  const [details, setDetails] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonError = tried && !reason ? 'Choose a reason.' : undefined;
  const detailsError = detailsProblem(details);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!reason || detailsError || report.isPending) return;
    setFailure(null);
    try {
      await report.mutateAsync({ messageId: target.messageId, characterId: target.characterId, reason, details });
      onReported();
    } catch (error) {
      setFailure(rpcFailureText(error));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <Heading slot="title" className="text-lg font-semibold text-white">
        Report this message
      </Heading>
      <figure className="rounded-lg border border-white/10 bg-night-950/60 px-3 py-2">
        <figcaption className="text-xs font-semibold text-pink-200">{target.senderName}</figcaption>
        <blockquote className="mt-1 line-clamp-4 whitespace-pre-wrap break-words text-sm text-slate-100">{target.content}</blockquote>
      </figure>
      <RadioGroup
        value={reason}
        onChange={(value) => setReason(value as ReportReasonName)}
        isRequired
        isInvalid={!!reasonError}
        aria-describedby={reasonError ? ids.reasonError : undefined}
        className="space-y-2"
      >
        <Label className="block text-sm font-medium text-slate-200">What is wrong with it?</Label>
        {REPORT_REASONS.map((r) => (
          <Radio key={r.id} value={r.id} className={radioClass}>
            {({ isSelected }) => (
              <>
                <span
                  aria-hidden="true"
                  className={`size-4 shrink-0 rounded-full border-2 ${isSelected ? 'border-neon-cyan bg-neon-cyan shadow-[inset_0_0_0_2px_var(--color-night-900)]' : 'border-slate-400'}`}
                />
                {r.label}
              </>
            )}
          </Radio>
        ))}
        {reasonError && (
          <p id={ids.reasonError} className="text-sm text-rose-300">
            {reasonError}
          </p>
        )}
      </RadioGroup>
      <div>
        <label htmlFor={ids.details} className="mb-1 block text-sm font-medium text-slate-200">
          Anything the moderators should know? <span className="font-normal text-slate-400">(optional)</span>
        </label>
        <textarea
          id={ids.details}
          rows={3}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          aria-invalid={detailsError ? true : undefined}
          aria-describedby={detailsError ? ids.detailsError : undefined}
          className={inputClasses(!!detailsError)}
        />
        <p id={detailsError ? ids.detailsError : undefined} className={`mt-1 text-xs ${detailsError ? 'text-rose-300' : 'text-slate-400'}`}>
          {detailsError ?? `${[...detailsToSend(details)].length}/${MAX_REPORT_DETAILS}`}
        </p>
      </div>
      {failure && (
        <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
          Could not send the report. {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={report.isPending}>
          Cancel
        </Button>
        <button type="submit" className={buttonClasses('danger')} disabled={report.isPending} aria-busy={report.isPending || undefined}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </button>
      </div>
    </form>
  );
}
