import type { WallSnapshot } from '../../lib/api/operations-wall';
import { useQueueCounts } from '../../lib/api/queue-counts';
import { oldestOpenText, onlineNowText } from './online-texts';

/**
 * Who plays now per dimension (the game servers whose lease holds), with the wall's poll; the live players screen
 * has them by game server and name. One line of text: the dashboard is at its size ceiling.
 */
export function OnlineNow({ snapshot }: { snapshot: Pick<WallSnapshot, 'online' | 'onlineUnknown'> }) {
  return (
    <p className="mb-4 text-sm text-slate-300" data-testid="online-now">
      <span className="font-semibold text-white">Players online now:</span> {onlineNowText(snapshot.online, snapshot.onlineUnknown)}
    </p>
  );
}

/** How long the oldest item of each queue the caller works has waited (GetQueueCounts, shared with the links). */
export function OldestOpen() {
  const counts = useQueueCounts(true).data;
  const text = counts && oldestOpenText(counts);
  if (!text) return null;
  return (
    <p className="-mt-2 mb-4 text-sm text-slate-300" data-testid="oldest-open">
      {text}
    </p>
  );
}
