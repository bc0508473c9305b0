import { useEffect, useEffectEvent, useState } from 'react';
import { useSession } from '../../../lib/auth/session-context';
import { forgetPendingAction, isStepUpRequired, pendingAction, savePendingAction } from '../../../lib/auth/step-up';
import { useNotify } from '../../../components/notifications/notification-context';
import { useCharacter } from '../../../lib/api/characters';
import { usePurgeChatMessages, type PurgeRequest } from '../../../lib/api/chat-moderation';
import { isNetworkFailure, rpcFailureText, serverUnreachableText } from '../../../lib/rpc/rpc-error';
import { keptPurgeForm, purgedText, purgeRequestOf, SENT_FOR_APPROVAL, type PurgeForm } from './purge-form';
import { PURGE_STEP_UP_ACTION } from './purge-step-up';

/** A purge under way: the request its first call sent (a continuation repeats it), what all calls deleted. */
export interface PurgeProgress {
  request: PurgeRequest;
  total: number;
  moreRemain: boolean;
  /** Nothing deleted: the purge waits for another holder's approval. */
  sentForApproval?: boolean;
}

const EMPTY: PurgeForm = { characterId: null, accountId: null, scope: 'character', from: '', to: '', reason: '' };

/** The purge dialog's form, its errors once a submit was tried, and the purge (continued while more remain). */
export function usePurge(open: boolean) {
  const [form, setForm] = useState<PurgeForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<PurgeProgress | null>(null);
  // Back from signing in again: the purge goes out as the user filled it in, once its character is known.
  const [resuming, setResuming] = useState(false);
  const purge = usePurgeChatMessages();
  const notify = useNotify();
  const session = useSession();
  const character = useCharacter(form.characterId ?? '');
  const accountId = character.data?.ownerId ?? null;
  useEffect(() => {
    if (!open) return;
    const kept = keptPurgeForm(pendingAction(PURGE_STEP_UP_ACTION));
    if (kept) forgetPendingAction();
    setForm(kept ?? EMPTY);
    setResuming(kept !== undefined);
    setTried(false);
    setFailure(null);
    setProgress(null);
  }, [open]);
  const { errors, request } = purgeRequestOf({ ...form, accountId });
  const shown = tried ? errors : {};
  const busy = purge.isPending;

  const resume = useEffectEvent(() => {
    setResuming(false);
    run();
  });
  const ready = resuming && request !== undefined;
  useEffect(() => {
    if (ready) resume();
  }, [ready]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    run();
  }

  function run() {
    setTried(true);
    const sent = progress?.moreRemain ? progress.request : request;
    if (!sent || busy) return;
    setFailure(null);
    purge.mutate(sent, {
      onSuccess: ({ count, moreRemain, pendingApprovalId }) => {
        if (pendingApprovalId) {
          setProgress({ request: sent, total: 0, moreRemain: false, sentForApproval: true });
          return notify.success(SENT_FOR_APPROVAL);
        }
        const total = (progress?.moreRemain ? progress.total : 0) + count;
        setProgress({ request: sent, total, moreRemain });
        notify.success(purgedText(total, moreRemain));
      },
      onError: (error) => {
        if (isStepUpRequired(error)) {
          savePendingAction(PURGE_STEP_UP_ACTION, form);
          return void session.stepUp();
        }
        setFailure(`Could not purge. ${isNetworkFailure(error) ? serverUnreachableText() : rpcFailureText(error)}`);
      },
    });
  }

  return { form, setForm, shown, failure, progress, busy, submit };
}
