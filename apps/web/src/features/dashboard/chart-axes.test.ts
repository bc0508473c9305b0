import { describe, expect, it } from 'vitest';
import { AXIS_FONT_PX, TIME_TICK_SPACE, timeLabelFormat } from './chart-axes';

// The wall's time labels ran together ("12:35am12:36am…"). uPlot keeps ticks TIME_TICK_SPACE px apart; a label
// fits when its characters, each at most one font size wide, take no more than that.
describe('the wall time axis', () => {
  for (const locale of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'ko-KR', 'ar-EG', 'hi-IN']) {
    it(`leaves room for every minute's label in ${locale}`, () => {
      const format = timeLabelFormat(locale);
      let widest = '';
      for (let minute = 0; minute < 24 * 60; minute += 1) {
        const label = format.format(Date.UTC(2026, 0, 1, 0, minute));
        if ([...label].length > [...widest].length) widest = label;
      }
      expect(widest.length).toBeGreaterThan(0);
      expect([...widest].length * AXIS_FONT_PX, `"${widest}"`).toBeLessThanOrEqual(TIME_TICK_SPACE);
    });
  }
});
