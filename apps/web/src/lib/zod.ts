import { z } from 'zod';

// Zod compiles object parsers with `new Function` and probes for it on the first schema it builds; the page's CSP
// forbids eval, so the probe alone reports a violation. Every schema imports z from here, so this runs first.
z.config({ jitless: true });

export { z };
