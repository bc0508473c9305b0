import { Link, useLocation } from 'react-router';
import { IdText } from '../../components/id-text';
import { breadcrumbs } from './admin-nav';

export function Breadcrumbs() {
  const crumbs = breadcrumbs(useLocation().pathname);
  return (
    <nav aria-label="Breadcrumb" className="mb-4 min-w-0">
      {/*
        One line. On a phone the levels give way in this order: an id level first (it is shortened already and
        recognisable by its ends), then the section names; the current page keeps its name unless it alone is wider
        than the line.
      */}
      <ol className="flex min-w-0 items-center gap-1 whitespace-nowrap text-sm text-slate-300">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to} className={`flex min-w-0 items-center gap-1 ${last ? 'max-w-full shrink-0' : crumb.isId ? 'shrink-[8]' : ''}`.trim()}>
              {index > 0 && (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor">
                  <path d="M7.2 14.8a.75.75 0 010-1.06L10.94 10 7.2 6.26a.75.75 0 111.06-1.06l4.27 4.27a.75.75 0 010 1.06L8.26 14.8a.75.75 0 01-1.06 0z" />
                </svg>
              )}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-100">
                  {crumb.isId ? <IdText id={crumb.label} className="text-slate-100" /> : crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="truncate rounded hover:text-white hover:underline">
                  {crumb.isId ? <IdText id={crumb.label} /> : crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
