import { useEffect } from 'react';

// Literal class names so Tailwind generates them.
const DARK_BODY_CLASSES = ['bg-night-900', 'admin-shell-active'];

/** docs/product.md#screens-and-routes: the page body is dark while the admin shell is shown (also behind overscroll). */
export function useDarkBody(): void {
  useEffect(() => {
    document.body.classList.add(...DARK_BODY_CLASSES);
    return () => document.body.classList.remove(...DARK_BODY_CLASSES);
  }, []);
}
