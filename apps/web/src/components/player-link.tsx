import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAreaHref } from '../lib/area-links';

/**
 * A player's or character's name linking to the account's player page where the area has one; plain text otherwise.
 * Link and useAreaHref directly (not AreaLink): the routes that show names stay within their size ceilings.
 */
export function PlayerLink({ accountId, className = '', children }: { accountId: string; className?: string; children: ReactNode }) {
  const href = useAreaHref()(`accounts/${accountId}`);
  if (!accountId || !href) return <span className={className}>{children}</span>;
  return (
    <Link to={href} className={`${className} underline decoration-neon-cyan/60 underline-offset-4 hover:text-neon-cyan`}>
      {children}
    </Link>
  );
}
