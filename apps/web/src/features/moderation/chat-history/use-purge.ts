import { useEffect, useState } from 'react';
import { useNotify } from '../../../components/notifications/notification-context';
import { useCharacter } from '../../../lib/api/characters';
import { usePurgeChatMessages, type PurgeRequest } from '../../../lib/api/chat-moderation';
import { isNetworkFailure, rpcFailureText, serverUnreachableText } from '../../../lib/rpc/rpc-error';
import { purgedText, purgeRequestOf, type PurgeForm } from './purge-form';

/** A purge under way: the request its first call sent (a continuation repeats it), what all calls deleted. */
export interface PurgeProgress {
  request: PurgeRequest;
  total: number;
  moreRemain: boolean;
}

const EMPTY: PurgeForm = { characterId: null, accountId: null, scope: 'character', from: '', to: '', reason: '' };

/** The purge dialog's form, its errors once a submit was tried, and the purge (continued while more remain). */
export function usePurge(open: boolean) {
  const [form, setForm] = useState<PurgeForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<PurgeProgress | null>(null);
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

  return { form, setForm, shown, failure, progress, busy, submit };
}
