import { useEffect, useState } from 'react';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Keeps an element mounted while its exit animation runs (menus close in 100 ms,
 * modals in 200 ms). With reduced motion the element unmounts at once.
 */
export function usePresence(open: boolean, exitMs: number): { mounted: boolean; closing: boolean } {
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return;
    }
    if (!mounted) return;
    const delay = prefersReducedMotion() ? 0 : exitMs;
    const timer = setTimeout(() => setMounted(false), delay);
    return () => clearTimeout(timer);
  }, [open, mounted, exitMs]);
  return { mounted: open || mounted, closing: !open && mounted };
}

// SPEC §9 timings, mirrored in index.css.
export const MENU_EXIT_MS = 100;
export const MODAL_EXIT_MS = 200;
