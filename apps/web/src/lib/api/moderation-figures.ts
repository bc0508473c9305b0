import { useQuery } from '@tanstack/react-query';
import { FiguresWindow, OperationsService } from '../../gen/sro/moderation/operations_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';

/** The windows the wall offers, in the order of the selector. */
export const FIGURE_WINDOWS = [
  { window: FiguresWindow.HOUR, label: 'Last hour' },
  { window: FiguresWindow.DAY, label: 'Last 24 hours' },
  { window: FiguresWindow.WEEK, label: 'Last 7 days' },
  { window: FiguresWindow.MONTH, label: 'Last 30 days' },
] as const;

/**
 * The moderation figures over one window (GetModerationFigures). Grouped queries over days of rows: asked when the
 * window changes and every minute while the wall is open, not with the wall's 3-s poll; never persisted.
 */
export function useModerationFigures(window: FiguresWindow) {
  const client = useRpcClient(OperationsService, useRuntimeConfig()?.apiBaseUrl ?? '');
  return useQuery({
    queryKey: ['moderation-figures', window],
    queryFn: ({ signal }) => client.getModerationFigures({ window }, { signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    meta: { persist: false },
  });
}
