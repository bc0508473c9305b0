import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor return as soon as what they wait for holds; the limit only catches a hang. The default (1 s)
// made the verdict depend on speed: beside a CPU hog a screen that loads in 1.2 s failed its test.
configure({ asyncUtilTimeout: 15_000 });

// Testing Library only auto-cleans when test globals are on; we import explicitly.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom has no CSS.escape; React Aria's overlays call it when they open.
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = {};
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => String(value).replace(/[^a-zA-Z0-9_\u00A0-\uFFFF-]/g, (c) => `\\${c}`);
}
