import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../components/notifications/notification-context';
import { characterKeys } from '../../lib/api/characters';
import { dimensionKeys } from '../../lib/api/dimensions';
import { gameServerKeys } from '../../lib/api/game-servers';
import { ownerKeys } from '../../lib/api/owners';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { REFRESHED_CHARACTERS, REFRESHING_CHARACTERS } from './dashboard-messages';

/** The 'Overview' refresh: refetches the dashboard's data even when the cache is still fresh (force mode). */
export function useRefreshOverview() {
  const client = useQueryClient();
  const notify = useNotify();
  const feedback = useWriteFeedback();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    notify.info(REFRESHING_CHARACTERS);
    try {
      const keys = [characterKeys.all, characterKeys.stats, gameServerKeys.all, dimensionKeys.all, ownerKeys.all];
      await Promise.all(keys.map((queryKey) => client.refetchQueries({ queryKey, type: 'active' }, { throwOnError: true })));
      notify.success(REFRESHED_CHARACTERS);
    } catch (error) {
      feedback.failed(error);
    } finally {
      setRefreshing(false);
    }
  }, [client, notify, feedback]);
  return { refresh, refreshing };
}
