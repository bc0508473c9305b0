import { expect, type Locator } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every visible element of `covers` stays clear of every visible element of each of `controls`. */
export async function expectNotCovering(covers: Locator, controls: Locator[]): Promise<void> {
  const coverBoxes = (await Promise.all((await covers.all()).map((c) => c.boundingBox()))).filter((b): b is Box => !!b);
  expect(coverBoxes.length).toBeGreaterThan(0);
  for (const control of controls) {
    for (const one of await control.all()) {
      if (!(await one.isVisible())) continue;
      const box = (await one.boundingBox())!;
      const hit = coverBoxes.find((c) => overlaps(c, box));
      expect(hit, `${String(one)} is covered by a toast at ${JSON.stringify(hit)}`).toBeUndefined();
    }
  }
}
