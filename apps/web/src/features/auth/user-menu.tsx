import { useId } from 'react';
import { useMenuButton } from '../../components/menu/use-menu-button';
import { MENU_EXIT_MS, usePresence } from '../../components/motion/use-presence';
import { useSession } from '../../lib/auth/session-context';
import { displayName, initials } from './display-name';

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-white/10 hover:text-white focus:bg-white/10 focus:text-white focus:outline-none';

/** The signed-in user's menu: 'Your Profile' and 'Sign out' (menu-button pattern). */
export default function UserMenu() {
  const session = useSession();
  const { open, close, buttonProps, menuProps } = useMenuButton();
  const { mounted, closing } = usePresence(open, MENU_EXIT_MS);
  const menuId = useId();

  if (!session.user) return null;

  const name = displayName(session.user);
  return (
    <div className="relative">
      <button
        {...buttonProps}
        type="button"
        aria-label={`${name}, open user menu`}
        aria-controls={mounted ? menuId : undefined}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm text-slate-200 hover:bg-white/10"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-pink text-xs font-bold text-night-950"
        >
          {initials(session.user)}
        </span>
        <span className="max-w-40 truncate">{name}</span>
      </button>
      {mounted && (
        <div
          {...menuProps}
          id={menuId}
          aria-label="User menu"
          className={`absolute right-0 z-50 mt-2 w-56 origin-top-right rounded-lg border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50 ${
            closing ? 'animate-menu-out' : 'animate-menu-in'
          }`}
        >
          <p className="truncate px-3 py-2 text-xs text-slate-300" role="none">
            Signed in as <span className="font-semibold text-slate-100">{session.user.username}</span>
          </p>
          {session.accountUrl && (
            <a role="menuitem" tabIndex={-1} href={session.accountUrl} className={itemClass}>
              Your Profile
            </a>
          )}
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={itemClass}
            onClick={() => {
              close(false);
              void session.logout();
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
