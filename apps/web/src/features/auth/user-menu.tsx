import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth/session-context';
import { focusRing } from '../../components/button-styles';
import { USER_MENU_BUTTON_CLASS, UserMenuFace, userMenuLabel } from './user-menu-face';

/** What brought this menu in (user-menu-button.tsx): open it on the menu, its first or last item, or just focus it. */
export type UserMenuIntent = 'hover' | 'focus' | 'menu' | 'first' | 'last';
export interface UserMenuProps {
  openWith?: UserMenuIntent | null;
}

const itemClass =
  'block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-200 outline-none data-[focused]:bg-white/10 data-[focused]:text-white';

/**
 * The signed-in user's menu: 'Your Profile', 'Your sanctions' and 'Sign out'. React Aria's menu button (this module is loaded lazily,
 * only for a signed-in user): Enter, Space, ArrowDown open it on the first item, ArrowUp on the last; Escape returns
 * to the button; Tab closes it and moves on.
 */
export default function UserMenu({ openWith = null }: UserMenuProps) {
  const session = useSession();
  const navigate = useNavigate();
  const button = useRef<HTMLButtonElement>(null);
  // Opened on arrival, the menu's focus scope began after the button it replaced had gone: focus goes back by hand.
  const [arrival, setArrival] = useState(openWith === 'hover' || openWith === 'focus' ? null : openWith);
  // Brought in by focus, the button takes it in the same commit that removed the one it replaced: an effect runs
  // later, and a key pressed in between would land on the page and be lost.
  const focusOnArrival = useRef(openWith === 'focus');
  useLayoutEffect(() => {
    if (focusOnArrival.current) button.current?.focus();
  }, []);
  if (!session.user) return null;

  const onOpenChange = (open: boolean) => {
    if (open || !arrival) return;
    setArrival(null);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <MenuTrigger defaultOpen={!!arrival} onOpenChange={onOpenChange}>
      <Button ref={button} aria-label={userMenuLabel(session.user)} className={`${USER_MENU_BUTTON_CLASS} ${focusRing}`}>
        <UserMenuFace user={session.user} />
      </Button>
      <Popover
        placement="bottom end"
        className="w-56 rounded-lg border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50 data-[entering]:animate-menu-in data-[exiting]:animate-menu-out"
      >
        <p className="truncate px-3 py-2 text-xs text-slate-300">
          Signed in as <span className="font-semibold text-slate-100">{session.user.username}</span>
        </p>
        <Menu aria-label="User menu" className="outline-none" {...(arrival ? { autoFocus: arrival === 'menu' ? true : arrival } : {})}>
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
