import { useLayoutEffect, useState } from 'react';

/** The lowest visible bottom edge of the anchors (0 without any): stacks start there, so they never cover them. */
function anchorsBottom(): number {
  let bottom = 0;
  for (const anchor of document.querySelectorAll('[data-toast-anchor]')) {
    const rect = anchor.getBoundingClientRect();
    if (rect.height > 0 && rect.top < window.innerHeight) bottom = Math.max(bottom, rect.bottom);
  }
  return Math.min(Math.round(bottom), Math.round(window.innerHeight / 2));
}

/**
 * The stacks' top edge in px, kept current while toasts are shown: the header can grow (search row on phones),
 * a page's title row scrolls away, and navigation swaps both.
 */
export function useStackTop(): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTop(anchorsBottom()));
    };
    setTop(anchorsBottom());
    // Absent in some test DOMs (jsdom); window resizes and DOM changes still update.
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(document.body);
    const mutations = new MutationObserver(update);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', update, { passive: true, capture: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      resize?.disconnect();
      mutations.disconnect();
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, []);
  return top;
}
