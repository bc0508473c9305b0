import { AreaLink } from '../../components/area-link';
import { useCan } from '../../lib/access/capabilities';
import type { WallSnapshot } from '../../lib/api/operations-wall';
import { onlineTotals, onlineUnknownText, playersText, serversText } from './online-texts';

/** The box's size while the wall's first poll is on its way (operations-wall.tsx's skeleton). */
export const ONLINE_NOW_SKELETON = 'h-32';

/**
 * Who plays now per dimension (the game servers whose lease holds), with the wall's poll; the live players screen
 * has them by game server and name. In local mode nobody can tell: the box says so and why.
 */
export function OnlineNow({ snapshot }: { snapshot: Pick<WallSnapshot, 'online' | 'onlineUnknown'> }) {
  const can = useCan();
  const totals = onlineTotals(snapshot.online);
  return (
    <section aria-labelledby="online-now-title" className="mb-4 rounded-xl border border-white/10 bg-night-900/80 p-4">
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id="online-now-title" className="font-semibold text-white">
          Players online now
        </h3>
        {!snapshot.onlineUnknown && (
          <p className="text-sm text-slate-300" data-testid="online-now-total">
            {`${playersText(totals.players)} ${serversText(totals.servers)}`}
          </p>
        )}
        {can('game-sessions.online.read') && !snapshot.onlineUnknown && (
          <AreaLink path="players" className="ml-auto text-sm font-medium text-neon-cyan underline-offset-4 hover:underline">
            By game server
          </AreaLink>
        )}
      </div>
      {snapshot.onlineUnknown ? (
        <p className="text-sm text-slate-300">{onlineUnknownText(snapshot.onlineUnknown)}</p>
      ) : snapshot.online.length === 0 ? (
        <p className="text-sm text-slate-300">No dimensions yet.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {snapshot.online.map((d) => (
            <div key={d.dimensionId} data-dimension-id={d.dimensionId} className="rounded-lg border border-white/10 bg-night-800/60 px-3 py-2">
              <dt className="truncate text-sm font-medium text-slate-200">{d.dimensionName || d.dimensionId}</dt>
              <dd>
                <span className="font-display text-2xl font-semibold tabular-nums text-white">{d.players.toLocaleString('en-US')}</span>{' '}
                <span className="text-sm text-slate-300">{d.players === 1 ? 'player' : 'players'}</span>{' '}
                <span className="block text-xs text-slate-300">{serversText(d.servers)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
