import { useRef } from 'react';
import { MODAL_EXIT_MS, usePresence } from '../../components/motion/use-presence';
import { useFocusTrap } from '../../components/modal/use-focus-trap';
import { SidebarNav } from './sidebar-nav';

export const MOBILE_SIDEBAR_ID = 'admin-mobile-sidebar';

/**
 * The sidebar as a modal slide-over on small screens: focus moves into it, Tab stays
 * inside, Escape or the backdrop closes it, and focus returns to the menu button.
 */
export function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { mounted, closing } = usePresence(open, MODAL_EXIT_MS);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(panelRef, open, onClose, closeRef);
  if (!mounted) return null;
  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div aria-hidden="true" onClick={onClose} className={`absolute inset-0 bg-black/70 ${closing ? 'animate-fade-out' : 'animate-fade-in'}`} />
      <div
        ref={panelRef}
        id={MOBILE_SIDEBAR_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Admin menu"
        className={`absolute inset-y-0 left-0 flex w-72 max-w-[85vw] transition-transform duration-200 ${
          closing ? '-translate-x-full' : 'translate-x-0 animate-fade-in'
        }`}
      >
        <div className="relative flex-1">
          <SidebarNav />
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="absolute right-2 top-4 rounded-md p-2 text-slate-300 hover:bg-white/10 hover:text-white"
          >
            <span className="sr-only">Close menu</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
