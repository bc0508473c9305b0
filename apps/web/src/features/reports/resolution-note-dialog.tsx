import { useEffect, useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { buttonClasses } from '../../components/button-styles';
import { inputClasses } from '../../components/form/field-error';
import { noteProblem } from './report-texts';

interface Props {
  /** 'deleted': delete the message; 'dismissed': close the reports without action. Absent: closed. */
  action: 'deleted' | 'dismissed' | null;
  busy: boolean;
  failure: string | null;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

const TEXTS = {
  deleted: {
    title: 'Delete the message',
    body: 'The message disappears from the channel for everyone; the evidence here keeps its text. Every open report of it closes as "Message removed".',
    label: 'Why is it deleted?',
    submit: 'Delete message',
  },
  dismissed: {
    title: 'Dismiss the reports',
    body: 'The message stays. Every open report of it closes as "No action".',
    label: 'Why no action?',
    submit: 'Dismiss',
  },
} as const;

/** Asks for the note a deletion or a dismissal needs (1..500 characters). React Aria's modal. */
export function ResolutionNoteDialog({ action, busy, failure, onConfirm, onCancel }: Props) {
  const ids = { note: useId(), error: useId() };
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!action) return;
    setNote('');
    setTried(false);
  }, [action]);
  const problem = tried ? noteProblem(note) : undefined;
  const texts = TEXTS[action ?? 'dismissed'];

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (noteProblem(note) || busy) return;
    onConfirm(note.trim());
  }

  return (
    <ModalOverlay
      isOpen={action !== null}
      onOpenChange={(next) => !next && onCancel()}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center"
    >
      <Modal className="relative w-full max-w-md rounded-xl border border-white/15 bg-night-900 p-6 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out">
        <Dialog className="outline-none">
          <form onSubmit={submit} noValidate className="space-y-4">
            <Heading slot="title" className="text-lg font-semibold text-white">
              {texts.title}
            </Heading>
            <p className="text-sm text-slate-300">{texts.body}</p>
            <div>
              <label htmlFor={ids.note} className="mb-1 block text-sm font-medium text-slate-200">
                {texts.label}
              </label>
              <textarea
                id={ids.note}
                rows={3}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field
                autoFocus
                value={note}
                onChange={(e) => setNote(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? ids.error : undefined}
                className={inputClasses(!!problem)}
              />
              {problem && (
                <p id={ids.error} className="mt-1 text-sm text-rose-300">
                  {problem}
                </p>
              )}
            </div>
            {failure && (
              <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
                Could not resolve the reports. {failure}
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button className={buttonClasses('secondary')} onPress={onCancel} isDisabled={busy}>
                Cancel
              </Button>
              <button type="submit" className={buttonClasses(action === 'deleted' ? 'danger' : 'primary')} disabled={busy} aria-busy={busy || undefined}>
                {busy ? 'Saving…' : texts.submit}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
