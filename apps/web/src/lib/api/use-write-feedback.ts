import { useMemo } from 'react';
import { useNotify } from '../../components/notifications/notification-context';
import { deleteFailureText, rpcFailureText } from '../rpc/rpc-error';

// docs/product.md#texts-and-errors: failures are persistent, top-center and never auto-hidden; successes auto-hide.
const FAILURE = { persist: true, position: 'top-center' } as const;

/** Toasts for create, edit and delete outcomes. */
export function useWriteFeedback() {
  const notify = useNotify();
  return useMemo(
    () => ({
      succeeded: (text: string) => notify.success(text),
      /** '{code}: {message}' */
      failed: (error: unknown) => notify.error(rpcFailureText(error), FAILURE),
      /** 'Failed to delete the X. {code} + {message}' */
      deleteFailed: (entity: string, error: unknown) => notify.error(deleteFailureText(entity, error), FAILURE),
    }),
    [notify],
  );
}
