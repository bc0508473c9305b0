import type { Page } from "./oidc-test-client.js";

/** The setup page's key (grouped by four for typing) as the authenticator app stores it. */
export const setupKeyOf = (page: Page) => /aria-label="Setup key">([^<]+)</.exec(page.body)?.[1]?.replace(/\s+/g, "");

/** The recovery codes a page shows (right after enrolment). */
export const recoveryCodesOf = (page: Page) => [...page.body.matchAll(/<li><code>([A-Z0-9-]+)<\/code><\/li>/g)].map((m) => m[1]!);
