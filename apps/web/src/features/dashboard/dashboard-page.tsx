import { useId, type ReactNode } from 'react';
import { useGlobalSearch } from '../../components/table/global-search';
import { DimensionCards } from './dimension-cards';
import { StatTiles } from './stat-tiles';
import { useRefreshOverview } from './use-refresh-overview';

interface Props {
  /** The characters table, composed in by the app (features never import each other). */
  renderCharactersTable: (search: string) => ReactNode;
}

export default function DashboardPage({ renderCharactersTable }: Props) {
  const { query, setQuery } = useGlobalSearch();
  const { refresh, refreshing } = useRefreshOverview();
  const searchId = useId();
  return (
    <>
      <title>Dashboard · SRO Admin</title>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="font-display text-2xl font-bold tracking-wide text-white">Dashboard</h1>
        <form role="search" onSubmit={(e) => e.preventDefault()} className="w-full sm:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            Search characters
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search characters…"
            className="w-full rounded-md border border-white/15 bg-night-800 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400"
          />
        </form>
      </div>

      <section aria-labelledby="overview-title">
        <div className="mb-3 flex items-center gap-2">
          <h2 id="overview-title" className="text-lg font-semibold text-white">
            Overview
          </h2>
          <button
            type="button"
            onClick={() => void refresh()}
            disabled={refreshing}
            className="rounded-md p-1.5 text-slate-300 hover:bg-white/10 hover:text-neon-cyan disabled:opacity-50"
          >
            <span className="sr-only">Refresh overview</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-5 ${refreshing ? 'animate-spin' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M20 11a8 8 0 10-2.3 5.7M20 4v7h-7" />
            </svg>
          </button>
        </div>
        <DimensionCards />
        <div className="mt-4">
          <StatTiles />
        </div>
      </section>

      <section aria-labelledby="characters-title" className="mt-10">
        <h2 id="characters-title" className="mb-3 text-lg font-semibold text-white">
          Characters
        </h2>
        {renderCharactersTable(query)}
      </section>
    </>
  );
}
