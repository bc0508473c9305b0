import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { MOBILE_SIDEBAR_ID } from './admin-nav';
import { SidebarNav } from './sidebar-nav';

/**
 * The sidebar as a modal slide-over on small screens (React Aria's modal): focus moves into it, Tab stays inside,
 * Escape or the backdrop closes it, and focus returns to the menu button. Loaded the first time it opens.
 */
export default function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 bg-black/70 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out lg:hidden"
    >
      <Modal className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] data-[entering]:animate-fade-in data-[exiting]:animate-fade-out">
        <Dialog id={MOBILE_SIDEBAR_ID} aria-label="Admin menu" className="relative flex-1 outline-none">
          <SidebarNav />
          <Button autoFocus onPress={onClose} className="absolute right-2 top-4 rounded-md p-2 text-slate-300 hover:bg-white/10 hover:text-white">
            <span className="sr-only">Close menu</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
