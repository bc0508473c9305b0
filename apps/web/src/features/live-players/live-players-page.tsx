import { useState } from 'react';
import { ListLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/access/capabilities';
import { useDimensions } from '../../lib/api/dimensions';
import { ONLINE_POLL_MS, useOnlinePlayers } from '../../lib/api/game-sessions';
import { useMaps } from '../../lib/api/maps';
import type { KickTarget } from '../../components/game-sessions/kick-dialog';
import { LazyKickDialog } from '../../components/game-sessions/lazy-kick-dialog';
import { groupOnlinePlayers, playersText } from './live-player-groups';
import { RemovalOutcome } from '../../components/game-sessions/removal-outcome';
import { ServerPlayersTable } from './server-players-table';

const nameOf = (list: readonly { id: string; name: string }[] | undefined) => (id: string) => list?.find((item) => item.id === id)?.name ?? (id || 'Unknown');

/** Who plays now, by dimension and game server, asked again every few seconds; staff who may kick get a Kick per player. */
export default function LivePlayersPage() {
  const online = useOnlinePlayers();
  const dimensions = useDimensions();
  const maps = useMaps();
  const can = useCan();
  const [kicking, setKicking] = useState<KickTarget | null>(null);
  const [kicked, setKicked] = useState<{ removalId: string; characterName: string } | null>(null);
  const data = online.data;
  const groups = data ? groupOnlinePlayers(data, nameOf(dimensions.data)) : [];
  const nowMs = online.dataUpdatedAt || Date.now();
  return (
    <>
      <title>Live players · SRO Admin</title>
      <PageHeader
        title="Live players"
        description={`Who plays now, per dimension and game server. Refreshed every ${ONLINE_POLL_MS / 1000} seconds.`}
        actions={data && <p className="text-sm font-medium text-slate-200">{`${playersText(data.total)} online`}</p>}
      />
      {kicked && <RemovalOutcome removalId={kicked.removalId} characterName={kicked.characterName} onDismiss={() => setKicked(null)} />}
      {online.isError && !data ? (
        <ListLoadError what="live players" error={online.error} onRetry={() => void online.refetch()} />
      ) : !data ? (
        <div className="skeleton h-40 w-full rounded-xl" data-testid="skeleton" />
      ) : groups.length === 0 ? (
        <p className="rounded-xl border border-white/10 bg-night-900/70 px-4 py-6 text-center text-sm text-slate-300">No game server is live right now.</p>
      ) : (
        groups.map((group) => (
          <section key={group.dimensionId} aria-labelledby={`dimension-${group.dimensionId}`} className="mb-8">
            <h2 id={`dimension-${group.dimensionId}`} className="mb-3 text-lg font-semibold text-white">
              {group.dimensionName} <span className="text-sm font-normal text-slate-300">· {playersText(group.players)}</span>
            </h2>
            <div className="space-y-4">
              {group.servers.map((server) => (
                <ServerPlayersTable
                  key={server.server.serverId}
                  group={server}
                  mapName={nameOf(maps.data)}
                  nowMs={nowMs}
                  onKick={can('game-sessions.kick') ? setKicking : undefined}
                />
              ))}
            </div>
          </section>
        ))
      )}
      {data && data.players.length < data.total && (
        <p className="text-sm text-slate-300">{`Showing the first ${data.players.length.toLocaleString('en-US')} of ${playersText(data.total)}.`}</p>
      )}
      <LazyKickDialog
        target={kicking}
        onKicked={(removal, target) => setKicked({ removalId: removal.id, characterName: target.characterName })}
        onClose={() => setKicking(null)}
      />
    </>
  );
}
