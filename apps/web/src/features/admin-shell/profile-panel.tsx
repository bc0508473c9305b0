import { lazy, Suspense, useRef, useState } from 'react';
import { useSession } from '../../lib/auth/session-context';
import { focusRing } from '../../components/button-styles';
import { initials } from './user-names';

// The panel's code (React Aria's overlays) loads when it first opens: the console's first screen does without it.
const ProfilePopover = lazy(() => import('./profile-popover'));

/** The header's profile button and its panel; the shell closes it on navigation. */
export function ProfilePanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const session = useSession();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Mounted from the first opening on, so closing plays its animation.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const user = session.user;
  if (!user) return null;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => onOpenChange(!open)}
        className={`flex items-center gap-2 rounded-full p-1 text-sm text-slate-200 hover:bg-white/10 ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-pink text-xs font-bold text-night-950"
        >
          {initials(user)}
        </span>
        <span className="sr-only">Open profile panel</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <ProfilePopover triggerRef={buttonRef} isOpen={open} onOpenChange={onOpenChange} session={session} />
        </Suspense>
      )}
    </>
  );
}
