import type { SessionUser } from '../../lib/auth/claims';
import { displayName, initials } from './display-name';

export const USER_MENU_BUTTON_CLASS = 'flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm text-slate-200 hover:bg-white/10';

/**
 * The name starts with the visible name (WCAG 2.5.3); the initials are decoration. A label, not a visually hidden
 * suffix: Chromium pads an absolutely placed span with a space ("Ada Admin , open user menu").
 */
export const userMenuLabel = (user: SessionUser) => `${displayName(user)}, open user menu`;

/** What the user menu's button shows: the initials in a badge and the name. */
export function UserMenuFace({ user }: { user: SessionUser }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-pink text-xs font-bold text-night-950"
      >
        {initials(user)}
      </span>
      <span className="max-w-40 truncate">{displayName(user)}</span>
    </>
  );
}
