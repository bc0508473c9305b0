import type { ReactNode } from 'react';
import { TOAST_ANCHOR } from './notifications/toast-anchor';

interface Props {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links on the right (stacked under the title on small screens). */
  actions?: ReactNode;
}

/** A page's h1 with its actions. */
export function PageHeader({ title, description, actions }: Props) {
  return (
    <div {...TOAST_ANCHOR} className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="truncate font-display text-2xl font-bold tracking-wide text-white">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-300">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
    </div>
  );
}
