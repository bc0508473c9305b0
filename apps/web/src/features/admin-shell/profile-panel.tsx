import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useSession } from '../../lib/auth/session-context';
import { fullName, initials } from './user-names';
import { focusRing } from '../../components/button-styles';

const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-white/10 hover:text-white focus-visible:bg-white/10';

/**
 * The header's profile button and its panel ('Your Profile', 'Sign out'); the shell closes it on navigation.
 * React Aria's popover dialog: opening moves focus into the panel, Escape or a press outside closes it and focus
 * goes back to the button.
 */
export function ProfilePanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const session = useSession();
  const user = session.user;
  if (!user) return null;
  return (
    <DialogTrigger isOpen={open} onOpenChange={onOpenChange}>
      <Button className={`flex items-center gap-2 rounded-full p-1 text-sm text-slate-200 hover:bg-white/10 ${focusRing}`}>
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-pink text-xs font-bold text-night-950"
        >
          {initials(user)}
        </span>
        <span className="sr-only">Open profile panel</span>
      </Button>
      <Popover
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
    </DialogTrigger>
  );
}
