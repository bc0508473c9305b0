import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAreaHref } from '../lib/area-links';

/** A link to `path` in the current area (lib/area-links.ts), or the same text where the area has no such screen. */
export function AreaLink({ path, className, children }: { path: string; className?: string; children: ReactNode }) {
  const href = useAreaHref()(path);
  return href ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <span className="font-semibold text-slate-100">{children}</span>
  );
}
