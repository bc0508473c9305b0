import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far ahead of the viewport a block starts loading, so a user scrolling at reading speed does not wait for it. */
const AHEAD = '100px';

/**
 * Renders `children` once its place comes near the viewport, `placeholder` until then: a block far down a page
 * (and its lazy chunk, and its request) costs nothing to the user who never scrolls to it. Without
 * IntersectionObserver (old browsers, jsdom) it renders at once.
 */
export function WhenNearView({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={ref}>{placeholder}</div>;
}
