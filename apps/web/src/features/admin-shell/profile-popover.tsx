import type { RefObject } from 'react';
import { Dialog, Popover } from 'react-aria-components';
import type { Session } from '../../lib/auth/session-context';
import { fullName } from './user-names';

const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-white/10 hover:text-white focus-visible:bg-white/10';

interface Props {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  session: Session;
}

/**
 * The profile panel ('Your Profile', 'Sign out'), React Aria's popover dialog: opening moves focus into the panel,
 * Escape or a press outside closes it and focus goes back to the button. Loaded the first time it opens.
 */
export default function ProfilePopover({ triggerRef, isOpen, onOpenChange, session }: Props) {
  const user = session.user;
  if (!user) return null;
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      offset={8}
      className="w-64 rounded-lg border border-white/15 bg-night-900 p-2 shadow-xl shadow-black/50 data-[entering]:animate-menu-in data-[exiting]:animate-menu-out"
    >
      <Dialog aria-label="Profile" className="outline-none">
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
      </Dialog>
    </Popover>
  );
}
