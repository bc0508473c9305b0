import type { Page, TestInfo } from '@playwright/test';

export const WIDTHS = [1280, 375] as const;

/** Full-page screenshot kept as a test artifact (attached to the report and under artifacts/). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
