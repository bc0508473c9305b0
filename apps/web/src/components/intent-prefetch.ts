import { createContext, use } from 'react';

/** What a link calls when the user shows intent to follow it (hover, focus): the app starts loading its screen. */
export const IntentPrefetchContext = createContext<(to: string) => void>(() => {});

/** Props for a link that prefetches its target on hover and keyboard focus. */
export function useIntentPrefetch(to: string) {
  const prefetch = use(IntentPrefetchContext);
  return { onMouseEnter: () => prefetch(to), onFocus: () => prefetch(to) };
}
