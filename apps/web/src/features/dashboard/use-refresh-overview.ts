import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../components/notifications/notification-context';
import { queryKeys } from '../../lib/api/query-keys';
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
      const keys = [queryKeys.characters, queryKeys.characterStats, queryKeys.gameServers, queryKeys.dimensions, ['users']];
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
