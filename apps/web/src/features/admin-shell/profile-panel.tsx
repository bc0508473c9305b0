import { useEffect, useId, useRef } from 'react';
import { MENU_EXIT_MS, usePresence } from '../../components/motion/use-presence';
import { useSession } from '../../lib/auth/session-context';
import { fullName, initials } from './user-names';

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-white/10 hover:text-white focus-visible:bg-white/10';

/** The header's profile button and its panel ('Your Profile', 'Sign out'); the shell closes it on navigation. */
export function ProfilePanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const session = useSession();
  const { mounted, closing } = usePresence(open, MENU_EXIT_MS);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onOpenChange(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onOpenChange]);

  const user = session.user;
  if (!user) return null;
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={mounted ? panelId : undefined}
        onClick={() => onOpenChange(!open)}
        className="flex items-center gap-2 rounded-full p-1 text-sm text-slate-200 hover:bg-white/10"
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-pink text-xs font-bold text-night-950">
          {initials(user)}
        </span>
        <span className="sr-only">Open profile panel</span>
      </button>
      {mounted && (
        <div
          id={panelId}
          className={`absolute right-0 z-40 mt-2 w-64 origin-top-right rounded-lg border border-white/15 bg-night-900 p-2 shadow-xl shadow-black/50 ${
            closing ? 'animate-menu-out' : 'animate-menu-in'
          }`}
        >
          <div className="border-b border-white/10 px-3 pb-2 pt-1">
            <p className="truncate text-sm font-semibold text-white">{fullName(user)}</p>
            <p className="truncate text-xs text-slate-300">{user.email || user.username}</p>
          </div>
          <ul className="mt-1">
            {session.accountUrl && (
              <li>
                <a href={session.accountUrl} className={itemClass}>
                  Your Profile
                </a>
              </li>
            )}
            <li>
              <button type="button" className={itemClass} onClick={() => void session.logout()}>
                Sign out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
