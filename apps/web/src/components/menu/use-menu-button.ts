import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface Options {
  /** Runs just before the menu opens (e.g. to decide whether it opens upwards). */
  beforeOpen?: () => void;
}

/**
 * The keyboard and pointer behaviour of a menu button (WAI-ARIA APG menu button): Enter, Space or a click opens the
 * menu with its first item focused, ArrowDown / ArrowUp on the button open it on the first / last item; inside,
 * ArrowDown / ArrowUp move round, Home / End jump, Escape closes and returns focus to the button, Tab closes and
 * lets focus move on, a pointer press outside closes. Items are the menu's `[role="menuitem"]` elements, with
 * `tabIndex={-1}`. Spread `buttonProps` on the button, `menuProps` on the `role="menu"` element.
 */
export function useMenuButton({ beforeOpen }: Options = {}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
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

  function show(focus: 'first' | 'last' = 'first') {
    focusOnOpen.current = focus;
    beforeOpen?.();
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  const buttonProps = {
    ref: buttonRef,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    onClick: () => (open ? close(false) : show()),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (open || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
      event.preventDefault();
      show(event.key === 'ArrowUp' ? 'last' : 'first');
    },
  };

  const menuProps = {
    ref: menuRef,
    role: 'menu' as const,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
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
    },
  };

  return { open, close, buttonProps, menuProps };
}
