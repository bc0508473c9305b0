import type { WallSnapshot } from '../../lib/api/operations-wall';
import { onlineNowText } from './online-texts';

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
