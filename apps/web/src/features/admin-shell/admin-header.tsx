import { useId } from 'react';
import { TOAST_ANCHOR } from '../../components/notifications/toast-anchor';
import { useGlobalSearch } from '../../components/table/global-search';
import { MOBILE_SIDEBAR_ID } from './admin-nav';
import { ProfilePanel } from './profile-panel';

interface Props {
  title: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
  profileOpen: boolean;
  onProfileOpenChange: (open: boolean) => void;
}

/** Sticky header: menu button and title (small screens), global table search, profile panel. */
export function AdminHeader({ title, menuOpen, onOpenMenu, profileOpen, onProfileOpenChange }: Props) {
  // Offered only where a table on screen filters by it (useTableSearch); elsewhere it would do nothing.
  const { query, setQuery, offered } = useGlobalSearch();
  const searchId = useId();
  return (
    <header {...TOAST_ANCHOR} className="sticky top-0 z-30 border-b border-white/10 bg-night-950/90 backdrop-blur-md">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_SIDEBAR_ID}
          className="-ml-1 rounded-md p-2 text-slate-200 hover:bg-white/10 hover:text-white lg:hidden"
        >
          <span className="sr-only">Open menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
        <p className="min-w-0 flex-1 truncate font-display text-base font-semibold text-white lg:hidden" data-testid="mobile-title">
          {title}
        </p>
        {offered ? (
          <form role="search" className="hidden flex-1 lg:block" onSubmit={(e) => e.preventDefault()}>
            <SearchInput id={searchId} value={query} onChange={setQuery} />
          </form>
        ) : (
          <div className="hidden flex-1 lg:block" />
        )}
        <ProfilePanel open={profileOpen} onOpenChange={onProfileOpenChange} />
      </div>
      {offered && (
        <form role="search" className="px-4 pb-3 sm:px-6 lg:hidden" onSubmit={(e) => e.preventDefault()}>
          <SearchInput id={`${searchId}-m`} value={query} onChange={setQuery} />
        </form>
      )}
    </header>
  );
}

function SearchInput({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative max-w-lg">
      <label htmlFor={id} className="sr-only">
        Search the table
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="9" cy="9" r="6" />
        <path d="M14 14l4 4" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Search… (e.g. nova in:name)"
        className="w-full rounded-md border border-white/15 bg-night-800 py-2 pl-9 pr-3 text-sm text-slate-100 placeholder:text-slate-400"
      />
    </div>
  );
}
