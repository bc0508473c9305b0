import type { ReactNode } from 'react';
import { useCharacterStats } from '../../lib/api/characters';
import { SERVER_COUNT_LOADING, useGameServerCount } from '../../lib/api/game-servers';
import { durationValue } from '../../lib/time-format';
import { serverCountLabel } from './dashboard-messages';

function Tile({ label, children, accent }: { label: string; children: ReactNode; accent: string }) {
  return (
    <div className="relative overflow-hidden rounded-xl border border-white/10 bg-night-900/80 p-5">
      <span aria-hidden="true" className={`absolute inset-x-0 top-0 h-0.5 ${accent}`} />
      <dt className="text-sm font-medium text-slate-300">{label}</dt>
      <dd className="mt-2 flex items-baseline gap-2 font-display text-3xl font-semibold tracking-tight text-white">{children}</dd>
    </div>
  );
}

const loading = <span className="skeleton inline-block h-8 w-24" data-testid="skeleton" />;

/** Figures come from the server's aggregates, never a sum over every character. */
export function StatTiles() {
  const stats = useCharacterStats();
  const servers = useGameServerCount();
  const playTime = stats.data && durationValue(stats.data.totalPlayTime);
  // -2 is the documented 'still loading' value (docs/product.md#constants-and-limits) for the server count.
  const serverCount = servers.data ?? SERVER_COUNT_LOADING;
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <Tile label="Number of characters" accent="bg-neon-cyan">
        {stats.data ? stats.data.totalCharacters.toLocaleString('en-US') : stats.isError ? '—' : loading}
      </Tile>
      <Tile label="Total play time" accent="bg-neon-pink">
        {playTime ? (
          <>
            {playTime.value}
            <span className="font-sans text-base font-medium text-slate-300">{playTime.unit}</span>
          </>
        ) : stats.isError ? (
          '—'
        ) : (
          loading
        )}
      </Tile>
      <Tile label="Number of servers" accent="bg-neon-lime">
        {servers.isError ? '—' : serverCountLabel(serverCount)}
      </Tile>
    </dl>
  );
}
