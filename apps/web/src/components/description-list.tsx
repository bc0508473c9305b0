import type { ReactNode } from 'react';

export interface DescriptionItem {
  term: string;
  value: ReactNode;
}

/** Label/value pairs of a detail page; `loading` shows skeleton values. */
export function DescriptionList({ items, loading = false }: { items: DescriptionItem[]; loading?: boolean }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-5 rounded-xl border border-white/10 bg-night-900/70 p-5 sm:grid-cols-2">
      {items.map(({ term, value }) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">{term}</dt>
          <dd className="mt-1 break-words text-sm text-slate-100">{loading ? <span className="skeleton block h-5 w-40" data-testid="skeleton" /> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
