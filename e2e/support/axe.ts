import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * What every screen is held to: WCAG 2.1 A/AA, axe's best practices (landmarks, unique landmark names, allowed
 * roles) and the label-in-name check (WCAG 2.5.3), which axe still marks experimental and leaves off by default.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(AXE_TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
}

/** `soft`: a sweep over many pages goes on after a page with violations, to report every page's at once. */
export async function expectAxeClean(page: Page, { soft = false } = {}): Promise<void> {
  const results = await axeFor(page).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  (soft ? expect.soft(summary, page.url()) : expect(summary, page.url())).toEqual([]);
}
