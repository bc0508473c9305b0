import { useRef, type FormEvent } from 'react';

/**
 * docs/product.md#states-and-transitions, a saving flag blocks duplicate submits: a submit while the previous one is still validating or saving
 * is ignored. A mutation's `isPending` cannot do it: a double click or a second Enter fires both events before React
 * renders the disabled button, and each one reads the stale `false`. `submit` resolves when the save has ended.
 */
export function useSingleSubmit(submit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>) {
  const inFlight = useRef(false);
  return (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    inFlight.current = true;
    // A save that moved the page on (the router has pushed the next URL while it renders the next screen, which can
    // take a moment) leaves this form closed: a second Enter in that moment would save again.
    const at = window.location.href;
    void submit(event).finally(() => {
      if (window.location.href === at) inFlight.current = false;
    });
  };
}
