import { useState } from 'react';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button-styles';
import { useCan } from '../../lib/access/capabilities';
import { useOnlinePlayer } from '../../lib/api/game-sessions';
import { rpcErrorParts } from '../../lib/rpc/rpc-error';
import { formatPlayTime } from '../../lib/time-format';
import type { KickTarget } from '../../components/game-sessions/kick-dialog';
import { LazyKickDialog } from '../../components/game-sessions/lazy-kick-dialog';
import { RemovalOutcome } from '../../components/game-sessions/removal-outcome';

interface Props {
  characterId: string;
  characterName: string;
  dimensionId: string;
}

/** Whether the character plays now (ListOnlinePlayers of its dimension), where, and a Kick for who may kick. */
export function CharacterSession({ characterId, characterName, dimensionId }: Props) {
  const can = useCan();
  const { player, error } = useOnlinePlayer(characterId, dimensionId);
  const [kicking, setKicking] = useState<KickTarget | null>(null);
  const [removalId, setRemovalId] = useState<string | null>(null);
  if (error) return <span className="text-slate-300">{`Unknown: ${rpcErrorParts(error).message}`}</span>;
  if (player === undefined) return <span className="skeleton inline-block h-5 w-24" data-testid="skeleton" />;
  return (
    <>
      {player ? (
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone="green">Online</Badge>
          <span>{`on ${player.serverAddress || player.serverId} for ${formatPlayTime((Date.now() - Number(player.startedAtMs)) / 1000)}`}</span>
          {can('game-sessions.kick') && (
            <button
              type="button"
              className={buttonClasses('danger', 'sm')}
              onClick={() => setKicking({ characterId, characterName, serverAddress: player.serverAddress })}
            >
              Kick
            </button>
          )}
        </span>
      ) : (
        <Badge tone="grey">Offline</Badge>
      )}
      {removalId && (
        <div className="mt-3">
          <RemovalOutcome removalId={removalId} characterName={characterName} onDismiss={() => setRemovalId(null)} />
        </div>
      )}
      <LazyKickDialog target={kicking} onKicked={(removal) => setRemovalId(removal.id)} onClose={() => setKicking(null)} />
    </>
  );
}
