import { useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { inputClasses } from '../../../components/form/field-error';
import { ListLoadError } from '../../../components/load-error';
import { useNotify } from '../../../components/notifications/notification-context';
import { PageHeader } from '../../../components/page-header';
import { HELD_POLL_MS, useHeldMessages, useReviewHeldMessage } from '../../../lib/api/channel-rules';
import type { HeldRecord } from '../../../lib/channel-rules/channel-rules-records';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { denyReasonError, heldAgeText } from './held-review';
import { AreaLink } from '../../../components/area-link';

/**
 * The review lane (docs/moderation.md "Channel rules and the review lane"): messages a HOLD rule kept back, oldest
 * first, refreshed every few seconds. Allow delivers one to its channel with its original time; deny tells the
 * sender why.
 */
export default function HeldMessagesPage() {
  const held = useHeldMessages();
  const [denying, setDenying] = useState<HeldRecord | null>(null);
  return (
    <>
      <title>Moderation · SRO Admin</title>
      <PageHeader title="Moderation" description={`Messages held for review by channel rules. Refreshes every ${HELD_POLL_MS / 1000} s.`} />
      {held.isError ? (
        <ListLoadError what="held messages" error={held.error} onRetry={() => void held.refetch()} />
      ) : !held.data ? (
        <div className="skeleton h-32 w-full rounded-xl" aria-label="Loading held messages" />
      ) : held.data.messages.length === 0 ? (
        <p className="rounded-xl border border-white/10 bg-night-900/70 px-5 py-8 text-center text-sm text-slate-300">No messages wait for review.</p>
      ) : (
        <section aria-label="Held messages">
          <p className="mb-3 text-sm text-slate-300" aria-live="polite">
            {held.data.total === 1 ? '1 message waits for review.' : `${held.data.total} messages wait for review.`}
          </p>
          <ul className="space-y-3">
            {held.data.messages.map((m) => (
              <HeldItem key={m.id} message={m} onDeny={() => setDenying(m)} />
            ))}
          </ul>
        </section>
      )}
      {denying && <DenyDialog message={denying} onClose={() => setDenying(null)} />}
    </>
  );
}

function HeldItem({ message, onDeny }: { message: HeldRecord; onDeny: () => void }) {
  const review = useReviewHeldMessage();
  const notify = useNotify();
  const allow = async () => {
    try {
      await review.mutateAsync({ id: message.id, allow: true, reason: '' });
      notify.success(`Delivered to ${message.channelName || 'the channel'}.`);
    } catch (error) {
      notify.error(rpcFailureText(error), { key: 'held-review-error' });
    }
  };
  return (
    <li data-testid="held-message" className="rounded-xl border border-white/10 bg-night-900/70 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <AreaLink path={`characters/${message.senderId}`} className="font-semibold text-pink-200 underline-offset-2 hover:underline">
              {message.senderName || message.senderId}
            </AreaLink>
            <span className="text-slate-400">in</span>
            <AreaLink path={`chats/${message.channelId}`} className="font-semibold text-neon-cyan underline-offset-2 hover:underline">
              {message.channelName || message.channelId}
            </AreaLink>
            <time dateTime={new Date(message.sentAtMs).toISOString()} className="text-xs text-slate-400">
              {heldAgeText(message.sentAtMs, Date.now())}
            </time>
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-100">{message.content}</p>
          <p className="mt-2 text-xs text-slate-400">
            Held by rule <code className="break-all rounded bg-white/10 px-1 text-slate-200">{message.rule}</code>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            className={buttonClasses('primary', 'sm')}
            onPress={() => void allow()}
            isDisabled={review.isPending}
            aria-label={`Allow message from ${message.senderName}`}
          >
            Allow
          </Button>
          <Button
            className={buttonClasses('danger', 'sm')}
            onPress={onDeny}
            isDisabled={review.isPending}
            aria-label={`Deny message from ${message.senderName}`}
          >
            Deny
          </Button>
        </div>
      </div>
    </li>
  );
}

function DenyDialog({ message, onClose }: { message: HeldRecord; onClose: () => void }) {
  const review = useReviewHeldMessage();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const error = denyReasonError(reason);
  const deny = async () => {
    setTouched(true);
    if (error) return;
    try {
      await review.mutateAsync({ id: message.id, allow: false, reason: reason.trim() });
      notify.success('Message denied; the sender is told why.');
      onClose();
    } catch (failure) {
      notify.error(rpcFailureText(failure), { key: 'held-review-error' });
    }
  };
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!review.isPending}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-md rounded-xl border border-white/15 bg-night-900 p-6 shadow-2xl shadow-black/60">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-white">
            Deny held message
          </Heading>
          <p className="mt-2 break-words text-sm text-slate-300">“{message.content}”</p>
          <form
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              void deny();
            }}
          >
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
              Reason (told to the sender)
            </label>
            <textarea
              id={id}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setTouched(true)}
              aria-invalid={touched && error ? true : undefined}
              aria-describedby={touched && error ? `${id}-error` : undefined}
              className={inputClasses(touched && !!error)}
            />
            {touched && error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
                {error}
              </p>
            )}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={review.isPending}>
                Cancel
              </Button>
              <Button type="submit" className={buttonClasses('danger')} isDisabled={review.isPending}>
                Deny
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
