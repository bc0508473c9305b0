import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AXIS, TIME_TICK_SPACE, timeLabelFormat } from './chart-axes';
import { HISTORY_MS } from '../../lib/api/operations-wall';
import type { ChartSeries } from './operations-series';

/** Line colours by position (the console's neon palette, then quieter ones). */
const COLOURS = ['#3ee8ff', '#ff4fd8', '#b8ff3c', '#ffb347', '#a78bfa', '#f87171', '#34d399', '#e2e8f0'];
const HEIGHT = 150;
const TIME_LABEL = timeLabelFormat();
/** The plot and its one-line legend: the chart's box from the first frame on, and its skeleton's (operations-wall.tsx). */
export const CHART_HEIGHT = 'min-h-[180px]';

interface Props {
  title: string;
  /** The chart's text alternative: what it shows and where its figures are in words (the table). */
  description: string;
  series: ChartSeries;
  formatValue: (value: number) => string;
  /** Counts: whole-number ticks only. */
  integer?: boolean;
}

/** Whole-number tick steps for counts (uPlot would otherwise tick 0.5 and show "1" twice). */
const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/**
 * A small live line chart (uPlot, canvas; docs/moderation.md "Operations wall" says why uPlot). The figure is named
 * for screen readers; the numbers themselves are in the wall's table, which is the chart's text alternative.
 */
export function TimeSeriesChart({ title, description, series, formatValue, integer = false }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const shape = series.lines.map((l) => l.key).join('|');
  const latest = useRef({ series, formatValue });
  latest.current = { series, formatValue };

  // A new set of lines builds a new chart; new polls only replace its data (below).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { series: s, formatValue: format } = latest.current;
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: HEIGHT,
      legend: { show: s.lines.length > 1, live: false },
      cursor: { show: false },
      // Always the last five minutes (HISTORY_MS), even with one poll so far.
      scales: {
        x: { time: true, range: (_u, _min, max) => [max - HISTORY_MS / 1000, max] },
        y: { range: (_u, min, max) => [0, Math.max(1, max ?? min ?? 1) * 1.1] },
      },
      axes: [
        { ...AXIS, size: 30, space: TIME_TICK_SPACE, values: (_u, ticks) => ticks.map((t) => TIME_LABEL.format(t * 1000)) },
        { ...AXIS, size: 52, values: (_u, ticks) => ticks.map((t) => format(t)), ...(integer ? { incrs: INTEGER_STEPS } : {}) },
      ],
      series: [
        {},
        ...s.lines.map((line, i) => ({ label: line.label, stroke: COLOURS[i % COLOURS.length], width: 2, spanGaps: false, points: { show: false } })),
      ],
    };
    const chart = new uPlot(options, [s.times, ...s.lines.map((l) => l.values)], element);
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [shape, integer]);

  useEffect(() => {
    plot.current?.setData([series.times, ...series.lines.map((l) => l.values)]);
  }, [series]);

  return (
    <figure aria-label={`${title}: ${description}`} className="min-w-0 rounded-xl border border-white/10 bg-night-900/80 p-3">
      <figcaption className="mb-2 text-sm font-medium text-slate-300">{title}</figcaption>
      <div ref={container} aria-hidden="true" className={`sro-chart w-full ${CHART_HEIGHT}`} />
    </figure>
  );
}
