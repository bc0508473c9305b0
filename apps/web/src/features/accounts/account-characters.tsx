import { AreaLink } from '../../components/area-link';
import { Badge } from '../../components/badge';
import { RetryButton } from '../../components/load-error';
import { ErrorPanel } from '../../components/error-panel';
import { useCan } from '../../lib/access/capabilities';
import { useOwnCharacters } from '../../lib/api/characters';
import { useOnlineCharacterIds } from '../../lib/api/game-sessions';
import { rpcFailureText } from '../../lib/rpc/rpc-error';
import { formatAge, formatPlayTime } from '../../lib/time-format';
import { charactersFailed, NO_CHARACTERS } from './account-texts';

const SKELETON_ROWS = 2;

/** The account's characters, each with its page (where the area has one) and an 'Online' mark while it plays. */
export function AccountCharacters({ accountId }: { accountId: string }) {
  const can = useCan();
  const characters = useOwnCharacters(accountId, true);
  const online = useOnlineCharacterIds({ enabled: can('game-sessions.online.read') });
  if (characters.isError) {
    return (
      <ErrorPanel title="Could not load the characters" message={charactersFailed(rpcFailureText(characters.error))}>
        <RetryButton onRetry={() => void characters.refetch()} />
      </ErrorPanel>
    );
  }
  if (characters.data?.length === 0) return <p className="text-sm text-slate-300">{NO_CHARACTERS}</p>;
  return (
    <ul aria-label="Characters" aria-busy={characters.isPending} className="divide-y divide-white/10 rounded-xl border border-white/10 bg-night-900/70">
      {characters.isPending
        ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} className="px-4 py-3">
              <span className="skeleton block h-5 w-40" />
              <span className="skeleton mt-1 block h-4 w-64" />
            </li>
          ))
        : characters.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3">
              <AreaLink path={`characters/${c.id}`} className="font-medium text-neon-cyan underline-offset-4 hover:underline">
                {c.name}
              </AreaLink>
              {online?.has(c.id) && <Badge tone="green">Online</Badge>}
              <span className="text-sm text-slate-300">
                {c.realm} · {c.gender} · played {formatPlayTime(c.playTime)} · {formatAge(c.createdAt)}
              </span>
            </li>
          ))}
    </ul>
  );
}
