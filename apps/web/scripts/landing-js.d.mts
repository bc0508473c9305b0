// Types of landing-js.mjs for the TypeScript callers (bench/web-size.ts, e2e).
import type { Page } from 'playwright-core';

export interface LandingScript {
  /** Path on the page's origin, e.g. /assets/index-abc.js */
  path: string;
  gzipBytes: number;
}

export declare const LANDING_JS_BUDGET_KB: number;
export declare const SETTLE_MS: number;
export declare function kB(bytes: number): number;
export declare function landingScripts(page: Page, url: string, options?: { settleMs?: number }): Promise<LandingScript[]>;
export declare function totalGzipBytes(scripts: readonly LandingScript[]): number;
export declare function scriptRows(scripts: readonly LandingScript[]): string;
