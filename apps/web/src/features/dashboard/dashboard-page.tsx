import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { useTableSearch } from '../../components/table/global-search';
import { DimensionCards } from './dimension-cards';
import { OperationsWall } from './operations-wall';
import { StatTiles } from './stat-tiles';
import { useRefreshOverview } from './use-refresh-overview';

interface Props {
  /** The characters table, composed in by the app (features never import each other). */
  renderCharactersTable: (search: string) => ReactNode;
}

export default function DashboardPage({ renderCharactersTable }: Props) {
  const query = useTableSearch();
  const { refresh, refreshing } = useRefreshOverview();
  return (
    <>
      <title>Dashboard · SRO Admin</title>
      {/* The header's search box filters the characters table below: no second box here. */}
      <PageHeader title="Dashboard" />

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
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className={`size-5 ${refreshing ? 'animate-spin' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M20 11a8 8 0 10-2.3 5.7M20 4v7h-7" />
            </svg>
          </button>
        </div>
        <DimensionCards />
        <div className="mt-4">
          <StatTiles />
        </div>
      </section>

      <OperationsWall />

      <section aria-labelledby="characters-title" className="mt-10">
        <h2 id="characters-title" className="mb-3 text-lg font-semibold text-white">
          Characters
        </h2>
        {renderCharactersTable(query)}
      </section>
    </>
  );
}
