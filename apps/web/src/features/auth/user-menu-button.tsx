import { useState, type ComponentType, type KeyboardEvent, type MouseEvent } from 'react';
import { useSession } from '../../lib/auth/session-context';
import type { UserMenuIntent, UserMenuProps } from './user-menu';
import { USER_MENU_BUTTON_CLASS, UserMenuFace, userMenuLabel } from './user-menu-face';

const loadUserMenu = () => import('./user-menu');
const RANK: Record<UserMenuIntent, number> = { hover: 0, focus: 1, menu: 2, first: 2, last: 2 };

/**
 * The user menu's button, without its menu: React Aria's menu, popover and focus code (about half of a player's
 * page) loads when the user shows intent — hover, focus, a press or an arrow key — and then takes the button's place,
 * open where the press asked for (docs/performance.md, "Web: JavaScript per route").
 */
export default function UserMenuButton() {
  const session = useSession();
  const [intent, setIntent] = useState<UserMenuIntent | null>(null);
  const [UserMenu, setUserMenu] = useState<ComponentType<UserMenuProps> | null>(null);
  const user = session.user;
  if (!user) return null;
  if (UserMenu) return <UserMenu openWith={intent} />;

  const want = (next: UserMenuIntent) => {
    setIntent((current) => (current && RANK[current] >= RANK[next] ? current : next));
    // A failed download leaves this button, so the next intent tries again.
    void loadUserMenu().then(
      (module) => setUserMenu(() => module.default),
      () => {},
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    want(event.key === 'ArrowDown' ? 'first' : 'last');
  };
  // A click from Enter or Space has no pointer detail: the keyboard opens on the first item, a pointer on the menu.
  const onClick = (event: MouseEvent) => want(event.detail === 0 ? 'first' : 'menu');
  return (
    <button
      type="button"
      aria-label={userMenuLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => want('hover')}
      onFocus={() => want('focus')}
      onKeyDown={onKeyDown}
      onClick={onClick}
      className={`${USER_MENU_BUTTON_CLASS} outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-neon-cyan`}
    >
      <UserMenuFace user={user} />
    </button>
  );
}
