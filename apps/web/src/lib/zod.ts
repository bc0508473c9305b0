import * as z from 'zod/mini';

// Zod's mini build: the forms' checks without the method-chaining classes (~24 kB gzip in the full build).
// Zod compiles object parsers with `new Function` and probes for it on the first schema it builds; the page's CSP
// forbids eval, so the probe alone reports a violation. Every schema imports z from here, so this runs first.
z.config({ jitless: true });

export { z };
