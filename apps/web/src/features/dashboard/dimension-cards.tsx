import { Link } from 'react-router';
import { ListLoadError } from '../../components/load-error';
import { useDimensions } from '../../lib/api/dimensions';

/** One card per dimension, linking to its detail: name, location, id and 'v'+version. */
export function DimensionCards() {
  const dimensions = useDimensions();
  if (dimensions.isError && !dimensions.data) return <ListLoadError what="dimensions" error={dimensions.error} onRetry={() => void dimensions.refetch()} />;
  if (dimensions.isPending) {
    return (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-28 rounded-xl border border-white/10 bg-night-900/80 p-4" data-testid="skeleton">
            <span className="skeleton block h-5 w-32" />
            <span className="skeleton mt-3 block h-4 w-48" />
          </li>
        ))}
      </ul>
    );
  }
  if (dimensions.data.length === 0) return <p className="text-sm text-slate-300">No dimensions yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {dimensions.data.map((d) => (
        <li key={d.id}>
          <Link
            to={`/admin/dimensions/${d.id}`}
            className="group block rounded-xl border border-white/10 bg-night-900/80 p-4 transition-colors hover:border-neon-cyan/60 hover:bg-night-800"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="truncate font-semibold text-white group-hover:text-neon-cyan">{d.name}</h3>
              <span className="shrink-0 rounded-full bg-neon-pink/15 px-2 py-0.5 font-mono text-xs text-pink-200">v{d.version}</span>
            </div>
            <p className="mt-1 text-sm text-slate-300">{d.location}</p>
            <p className="mt-3 truncate font-mono text-xs text-slate-400">{d.id}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
