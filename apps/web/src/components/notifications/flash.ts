import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from './notification-context';
import type { NotificationType } from './notification-types';

export interface Flash {
  type: NotificationType;
  message: string;
}

interface FlashState {
  flash?: Flash;
}

/**
 * Navigates and shows a toast on the page it lands on. Toasting first would not work:
 * navigation closes transient notifications (docs/product.md#states-and-transitions), including one raised just before.
 */
export function useNavigateWithFlash() {
  const navigate = useNavigate();
  return useCallback((to: string, flash: Flash) => void navigate(to, { state: { flash } satisfies FlashState }), [navigate]);
}

/** Mounted once in a layout: shows a flash carried by the current history entry, then drops it. */
export function useFlashOnArrival(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const flash = (location.state as FlashState | null)?.flash;
  const shown = useRef<Flash | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash) return;
    shown.current = flash;
    // After this commit's effects, so the layout's navigation clean-up has already run.
    setTimeout(() => notify(flash.message, { type: flash.type }), 0);
    // Forget it in history too, so a reload or Back does not show it again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [flash, notify, navigate, location.pathname, location.search, location.hash]);
}
