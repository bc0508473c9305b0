import { ReasonDialog } from '../../../components/modal/reason-dialog';
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

/** Asks for the note a deletion or a dismissal needs (1..500 characters). */
export function ResolutionNoteDialog({ action, busy, failure, onConfirm, onCancel }: Props) {
  const texts = TEXTS[action ?? 'dismissed'];
  return (
    <ReasonDialog
      open={action !== null}
      title={texts.title}
      reasonLabel={texts.label}
      validate={noteProblem}
      tone={action === 'deleted' ? 'danger' : 'primary'}
      confirmLabel={texts.submit}
      busyLabel="Saving…"
      busy={busy}
      failure={failure && `Could not resolve the reports. ${failure}`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="text-sm text-slate-300">{texts.body}</p>
    </ReasonDialog>
  );
}
