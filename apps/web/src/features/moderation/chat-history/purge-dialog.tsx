import { useId } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay, Radio, RadioGroup, Label } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { CharacterSelect } from '../../../components/character-select';
import { purgedText, SENT_FOR_APPROVAL, type PurgeForm } from './purge-form';
import { PurgeWindowAndReason } from './purge-fields';
import { usePurge } from './use-purge';

interface Props {
  open: boolean;
  /** Whole-account purges are admins' only (docs/permissions.md); moderators see the option disabled. */
  admin: boolean;
  onClose: () => void;
}

const radioClass =
  'flex cursor-pointer items-center gap-2 text-sm text-slate-200 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 before:size-4 before:rounded-full before:border before:border-white/30 data-[selected]:before:border-[5px] data-[selected]:before:border-neon-cyan data-[focus-visible]:outline-2 data-[focus-visible]:outline-neon-cyan';

/**
 * "Purge sender…": every channel message of a character (or of its whole account) in a window. The server deletes at
 * most 5,000 per call (one audited action each); while more remain, "Continue purge" sends the same request again.
 */
export function PurgeDialog({ open, admin, onClose }: Props) {
  const ids = { reason: useId(), errors: useId() };
  const { form, setForm, shown, failure, progress, busy, submit } = usePurge(open);

  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center"
    >
      <Modal className="relative max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-xl border border-white/15 bg-night-900 p-6 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out">
        <Dialog className="outline-none">
          <form onSubmit={submit} noValidate className="space-y-4">
            <Heading slot="title" className="text-lg font-semibold text-white">
              Purge sender
            </Heading>
            <p className="text-sm text-slate-300">
              Deletes every channel message of the sender in the window, in every channel: up to 5,000 per step, each step one action in the audit log (a count,
              not the texts).
            </p>
            <div>
              <CharacterSelect
                label="Sender"
                value={form.characterId}
                onChange={(characterId) => setForm({ ...form, characterId })}
                placeholder="Choose a character"
              />
              {shown.character && <p className="mt-1 text-sm text-rose-300">{shown.character}</p>}
            </div>
            <RadioGroup value={form.scope} onChange={(scope) => setForm({ ...form, scope: scope as PurgeForm['scope'] })} className="space-y-2">
              <Label className="block text-sm font-medium text-slate-200">Whose messages</Label>
              <Radio value="character" className={radioClass}>
                This character only
              </Radio>
              <Radio value="account" isDisabled={!admin} className={radioClass}>
                Every character of its account{admin ? '' : ' (admins only)'}
              </Radio>
            </RadioGroup>
            <PurgeWindowAndReason ids={ids} form={form} setForm={setForm} shown={shown} />
            {failure && (
              <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
                {failure}
              </p>
            )}
            {progress && (
              <p
                role="status"
                data-testid="purge-result"
                className="rounded-lg border border-emerald-400/40 bg-emerald-950/30 px-3 py-2 text-sm text-emerald-100"
              >
                {progress.sentForApproval ? SENT_FOR_APPROVAL : purgedText(progress.total, progress.moreRemain)}
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={busy}>
                {progress ? 'Close' : 'Cancel'}
              </Button>
              {(!progress || progress.moreRemain) && (
                <button type="submit" className={buttonClasses('danger')} disabled={busy} aria-busy={busy || undefined}>
                  {busy ? 'Purging…' : progress ? 'Continue purge' : 'Purge messages'}
                </button>
              )}
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
