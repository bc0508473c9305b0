import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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
  const [open, setOpen] = useState(false);
  const [upwards, setUpwards] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function show() {
    const button = buttonRef.current;
    const frame = button?.closest('[data-chat-scroll]')?.getBoundingClientRect();
    const rect = button?.getBoundingClientRect();
    setUpwards(!!frame && !!rect && rect.bottom + MENU_HEIGHT_PX > frame.bottom);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') close(false);
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Message actions for ${senderName}`}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(event) => {
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            show();
          }
        }}
        className="flex size-8 items-center justify-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M10 6a1.5 1.5 0 110-3 1.5 1.5 0 010 3zm0 5.5a1.5 1.5 0 110-3 1.5 1.5 0 010 3zm0 5.5a1.5 1.5 0 110-3 1.5 1.5 0 010 3z" />
        </svg>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`Ban ${senderName}`}
          onKeyDown={onMenuKey}
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
