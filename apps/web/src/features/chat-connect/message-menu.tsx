import { useId, useState } from 'react';
import { useMenuButton } from '../../components/menu/use-menu-button';
import { BAN_OPTIONS, banMenuItemText, type BanOption } from './chat-texts';

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-rose-500/20 hover:text-white focus:bg-rose-500/20 focus:text-white focus:outline-none';
// Roughly the open menu's height: below this much room under the button it opens upwards instead of being clipped.
const MENU_HEIGHT_PX = 200;

interface Props {
  senderName: string;
  onBan: (option: BanOption) => void;
}

/** A message's actions (menu-button pattern): ban its sender for a while or for good. */
export function MessageMenu({ senderName, onBan }: Props) {
  const [upwards, setUpwards] = useState(false);
  const menuId = useId();
  const { open, close, buttonProps, menuProps } = useMenuButton({
    beforeOpen: () => {
      const button = buttonProps.ref.current;
      const frame = button?.closest('[data-chat-scroll]')?.getBoundingClientRect();
      const rect = button?.getBoundingClientRect();
      setUpwards(!!frame && !!rect && rect.bottom + MENU_HEIGHT_PX > frame.bottom);
    },
  });

  return (
    <div className="relative">
      <button
        {...buttonProps}
        type="button"
        aria-controls={open ? menuId : undefined}
        aria-label={`Message actions for ${senderName}`}
        className="flex size-8 items-center justify-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M10 6a1.5 1.5 0 110-3 1.5 1.5 0 010 3zm0 5.5a1.5 1.5 0 110-3 1.5 1.5 0 010 3zm0 5.5a1.5 1.5 0 110-3 1.5 1.5 0 010 3z" />
        </svg>
      </button>
      {open && (
        <div
          {...menuProps}
          id={menuId}
          aria-label={`Ban ${senderName}`}
          className={`animate-menu-in absolute right-0 z-30 w-52 rounded-lg border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50 ${
            upwards ? 'bottom-full mb-1 origin-bottom-right' : 'top-full mt-1 origin-top-right'
          }`}
        >
          <p role="none" className="truncate px-3 py-1.5 text-xs text-slate-300">
            Ban <span className="font-semibold text-slate-100">{senderName}</span> from this chat
          </p>
          {BAN_OPTIONS.map((option) => (
            <button
              key={option.seconds}
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={itemClass}
              onClick={() => {
                close(true);
                onBan(option);
              }}
            >
              {banMenuItemText(option)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
