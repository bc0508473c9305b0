import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MENU_EXIT_MS, usePresence } from '../../components/motion/use-presence';
import { useSession } from '../../lib/auth/session-context';
import { displayName, initials } from './display-name';

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-white/10 hover:text-white focus:bg-white/10 focus:text-white focus:outline-none';

/** The signed-in user's menu: 'Your Profile' and 'Sign out' (menu-button pattern). */
export default function UserMenu() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const { mounted, closing } = usePresence(open, MENU_EXIT_MS);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!session.user) return null;

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') close(false);
  }

  const name = displayName(session.user);
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={`${name}, open user menu`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={mounted ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
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
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="User menu"
          onKeyDown={onMenuKey}
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
              setOpen(false);
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
