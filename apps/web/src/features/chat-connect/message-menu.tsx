import { useId } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { BAN_OPTIONS, banMenuItemText, type BanOption } from './chat-texts';
import { focusRing } from '../../components/button-styles';

const itemClass =
  'block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-200 outline-none data-[focused]:bg-rose-500/20 data-[focused]:text-white';

interface Props {
  senderName: string;
  onBan: (option: BanOption) => void;
  /** Opens the full sanction dialog for this message (absent: no such item). */
  onSanction?: () => void;
  /** Opens the reason dialog that deletes this message (absent: no such item). */
  onDelete?: () => void;
  /** Only the focused message's button is in the tab order (the list is one tab stop). */
  inTabOrder: boolean;
}

/**
 * A message's actions: ban its sender for a while or for good, or open the full sanction dialog. React Aria's menu button: Enter, Space, ArrowDown
 * open it on the first item, ArrowUp on the last; Escape returns to the button; the popover flips above the button
 * when there is no room below.
 */
export function MessageMenu({ senderName, onBan, onSanction, onDelete, inTabOrder }: Props) {
  const labelId = useId();
  return (
    <MenuTrigger>
      <Button
        aria-label={`Message actions for ${senderName}`}
        excludeFromTabOrder={!inTabOrder}
        className={`flex size-8 items-center justify-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white ${focusRing}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M10 6a1.5 1.5 0 110-3 1.5 1.5 0 010 3zm0 5.5a1.5 1.5 0 110-3 1.5 1.5 0 010 3zm0 5.5a1.5 1.5 0 110-3 1.5 1.5 0 010 3z" />
        </svg>
      </Button>
      <Popover
        placement="bottom end"
        className="w-52 rounded-lg border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50 data-[entering]:animate-menu-in data-[exiting]:animate-menu-out"
      >
        <p className="truncate px-3 py-1.5 text-xs text-slate-300">
          {/* The menu's name is 'Ban {sender}' (React Aria would name it after the button otherwise). */}
          <span id={labelId}>
            Ban <span className="font-semibold text-slate-100">{senderName}</span>
          </span>{' '}
          from this chat
        </p>
        <Menu aria-labelledby={labelId} className="outline-none">
          {BAN_OPTIONS.map((option) => (
            <MenuItem key={option.seconds} id={option.seconds} className={itemClass} onAction={() => onBan(option)}>
              {banMenuItemText(option)}
            </MenuItem>
          ))}
          {onSanction && <Separator className="my-1 border-t border-white/10" />}
          {onSanction && (
            <MenuItem id="sanction" className={itemClass} onAction={onSanction}>
              Sanction…
            </MenuItem>
          )}
          {onDelete && <Separator className="my-1 border-t border-white/10" />}
          {onDelete && (
            <MenuItem id="delete" className={itemClass} onAction={onDelete}>
              Delete message…
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
