import { AreaLink } from '../../components/area-link';
import { buttonClasses } from '../../components/button-styles';
import type { OnlinePlayer } from '../../gen/sro/gameserver/control_pb';
import { formatPlayTime } from '../../lib/time-format';
import type { KickTarget } from '../../components/game-sessions/kick-dialog';
import { playersText, type ServerGroup } from './live-player-groups';

interface Props {
  group: ServerGroup;
  mapName: (id: string) => string;
  nowMs: number;
  /** Absent for a caller who may not kick: no button is shown. */
  onKick?: (target: KickTarget) => void;
}

const sessionLength = (player: OnlinePlayer, nowMs: number) => formatPlayTime(Math.max(0, Math.floor((nowMs - Number(player.startedAtMs)) / 1000)));

/** One live game server (it serves one map, named in the caption) and who plays on it, by name. */
export function ServerPlayersTable({ group, mapName, nowMs, onKick }: Props) {
  const { server, players } = group;
  const caption = `${server.serverAddress || server.serverId} · ${mapName(server.mapId)} · ${playersText(server.players)}`;
  if (players.length === 0) {
    return <p className="rounded-lg border border-white/10 bg-night-900/70 px-4 py-3 text-sm text-slate-300">{caption}: nobody plays here now.</p>;
  }
  const cell = 'px-4 py-2 text-left';
  return (
    <div className="overflow-x-auto rounded-xl border border-white/10 bg-night-900/70">
      <table className="w-full text-sm text-slate-200">
        <caption className="px-4 py-2 text-left font-medium text-slate-100">{caption}</caption>
        <thead className="border-b border-white/10 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              Character
            </th>
            <th scope="col" className={cell}>
              Playing for
            </th>
            {onKick && (
              <th scope="col" className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <tr key={player.characterId} className="border-t border-white/5">
              <td className={cell}>
                <AreaLink path={`characters/${player.characterId}`} className="font-medium text-neon-cyan underline-offset-4 hover:underline">
                  {player.characterName || player.characterId}
                </AreaLink>
              </td>
              <td className={cell}>{sessionLength(player, nowMs)}</td>
              {onKick && (
                <td className={`${cell} text-right`}>
                  <button
                    type="button"
                    className={buttonClasses('danger', 'sm')}
                    aria-label={`Kick ${player.characterName || player.characterId}`}
                    onClick={() => onKick({ characterId: player.characterId, characterName: player.characterName, serverAddress: player.serverAddress })}
                  >
                    Kick
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
