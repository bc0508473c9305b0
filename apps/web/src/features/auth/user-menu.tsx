import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth/session-context';
import { displayName, initials } from './display-name';
import { focusRing } from '../../components/button-styles';

const itemClass =
  'block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-200 outline-none data-[focused]:bg-white/10 data-[focused]:text-white';

/**
 * The signed-in user's menu: 'Your Profile', 'Your sanctions' and 'Sign out'. React Aria's menu button (this module is loaded lazily,
 * only for a signed-in user): Enter, Space, ArrowDown open it on the first item, ArrowUp on the last; Escape returns
 * to the button; Tab closes it and moves on.
 */
export default function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session.user) return null;

  const name = displayName(session.user);
  return (
    <MenuTrigger>
      {/* The name starts with the visible name (WCAG 2.5.3); the initials are decoration. A label, not a visually
          hidden suffix: Chromium pads an absolutely placed span with a space ("Ada Admin , open user menu"). */}
      <Button
        aria-label={`${name}, open user menu`}
        className={`flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm text-slate-200 hover:bg-white/10 ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-pink text-xs font-bold text-night-950"
        >
          {initials(session.user)}
        </span>
        <span className="max-w-40 truncate">{name}</span>
      </Button>
      <Popover
        placement="bottom end"
        className="w-56 rounded-lg border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50 data-[entering]:animate-menu-in data-[exiting]:animate-menu-out"
      >
        <p className="truncate px-3 py-2 text-xs text-slate-300">
          Signed in as <span className="font-semibold text-slate-100">{session.user.username}</span>
        </p>
        <Menu aria-label="User menu" className="outline-none">
          {session.accountUrl && (
            <MenuItem id="profile" href={session.accountUrl} className={itemClass}>
              Your Profile
            </MenuItem>
          )}
          {/* An in-app page: the router navigates (React Aria's href would reload the whole app). */}
          <MenuItem id="sanctions" className={itemClass} onAction={() => void navigate('/account/sanctions')}>
            Your sanctions
          </MenuItem>
          <MenuItem id="reports" className={itemClass} onAction={() => void navigate('/account/reports')}>
            Your reports
          </MenuItem>
          <MenuItem id="sign-out" className={itemClass} onAction={() => void session.logout()}>
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
