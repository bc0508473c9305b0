/** The wall charts' axis look and time labels, kept apart from the chart so their fit can be checked without a canvas. */

/** Axis labels are drawn at this size (px); a glyph of a 12 px font is never wider than 12 px. */
export const AXIS_FONT_PX = 12;
export const AXIS = {
  stroke: '#cbd5e1',
  font: `${AXIS_FONT_PX}px system-ui, sans-serif`,
  grid: { stroke: 'rgba(255,255,255,0.08)', width: 1 },
  ticks: { stroke: 'rgba(255,255,255,0.15)', width: 1 },
};

/** Tick labels like '12:35' / '12:35 AM' (the reader's clock); uPlot's default '12:35am' runs its labels together. */
export const timeLabelFormat = (locale?: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });

/**
 * The least distance in pixels from one time tick to the next. uPlot never puts ticks closer, so a label of up to
 * TIME_TICK_SPACE / AXIS_FONT_PX characters cannot reach its neighbour.
 */
export const TIME_TICK_SPACE = 96;
