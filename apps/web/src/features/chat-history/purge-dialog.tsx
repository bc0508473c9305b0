import { useEffect, useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay, Radio, RadioGroup, Label } from 'react-aria-components';
import { buttonClasses } from '../../components/button-styles';
import { CharacterSelect } from '../../components/character-select';
import { inputClasses } from '../../components/form/field-error';
import { useNotify } from '../../components/notifications/notification-context';
import { useCharacter } from '../../lib/api/characters';
import { usePurgeChatMessages, type PurgeRequest } from '../../lib/api/chat-moderation';
import { isNetworkFailure, rpcFailureText, serverUnreachableText } from '../../lib/rpc/rpc-error';
import { purgedText, purgeRequestOf, type PurgeForm } from './purge-form';

interface Props {
  open: boolean;
  /** Whole-account purges are admins' only (docs/permissions.md); moderators see the option disabled. */
  admin: boolean;
  onClose: () => void;
}

/** A purge under way: the request its first call sent (a continuation repeats it), what all calls deleted. */
interface Progress {
  request: PurgeRequest;
  total: number;
  moreRemain: boolean;
}

const EMPTY: PurgeForm = { characterId: null, accountId: null, scope: 'character', from: '', to: '', reason: '' };
const radioClass =
  'flex cursor-pointer items-center gap-2 text-sm text-slate-200 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 before:size-4 before:rounded-full before:border before:border-white/30 data-[selected]:before:border-[5px] data-[selected]:before:border-neon-cyan data-[focus-visible]:outline-2 data-[focus-visible]:outline-neon-cyan';

/**
 * "Purge sender…": every channel message of a character (or of its whole account) in a window. The server deletes at
 * most 5,000 per call (one audited action each); while more remain, "Continue purge" sends the same request again.
 */
export function PurgeDialog({ open, admin, onClose }: Props) {
  const ids = { from: useId(), to: useId(), reason: useId(), errors: useId() };
  const [form, setForm] = useState<PurgeForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const purge = usePurgeChatMessages();
  const notify = useNotify();
  const character = useCharacter(form.characterId ?? '');
  const accountId = character.data?.ownerId ?? null;
  useEffect(() => {
    if (!open) return;
    setForm(EMPTY);
    setTried(false);
    setFailure(null);
    setProgress(null);
  }, [open]);
  const { errors, request } = purgeRequestOf({ ...form, accountId });
  const shown = tried ? errors : {};
  const busy = purge.isPending;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    const sent = progress?.moreRemain ? progress.request : request;
    if (!sent || busy) return;
    setFailure(null);
    purge.mutate(sent, {
      onSuccess: ({ count, moreRemain }) => {
        const total = (progress?.moreRemain ? progress.total : 0) + count;
        setProgress({ request: sent, total, moreRemain });
        notify.success(purgedText(total, moreRemain));
      },
      onError: (error) => setFailure(`Could not purge. ${isNetworkFailure(error) ? serverUnreachableText() : rpcFailureText(error)}`),
    });
  }

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
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={ids.from} className="mb-1 block text-sm font-medium text-slate-200">
                  From
                </label>
                <input
                  id={ids.from}
                  type="datetime-local"
                  value={form.from}
                  onChange={(e) => setForm({ ...form, from: e.target.value })}
                  className={`${inputClasses(!!shown.range)} [color-scheme:dark]`}
                />
              </div>
              <div>
                <label htmlFor={ids.to} className="mb-1 block text-sm font-medium text-slate-200">
                  To
                </label>
                <input
                  id={ids.to}
                  type="datetime-local"
                  value={form.to}
                  onChange={(e) => setForm({ ...form, to: e.target.value })}
                  className={`${inputClasses(!!shown.range)} [color-scheme:dark]`}
                />
              </div>
              <p className="text-xs text-slate-400 sm:col-span-2">Empty: from the first message, up to now.</p>
              {shown.range && <p className="text-sm text-rose-300 sm:col-span-2">{shown.range}</p>}
            </div>
            <div>
              <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium text-slate-200">
                Reason
              </label>
              <textarea
                id={ids.reason}
                rows={3}
                value={form.reason}
                onChange={(e) => setForm({ ...form, reason: e.target.value })}
                aria-invalid={shown.reason ? true : undefined}
                className={inputClasses(!!shown.reason)}
              />
              {shown.reason && <p className="mt-1 text-sm text-rose-300">{shown.reason}</p>}
            </div>
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
                {purgedText(progress.total, progress.moreRemain)}
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
