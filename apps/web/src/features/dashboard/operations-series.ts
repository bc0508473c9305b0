import { EVERY_DIMENSION, type DimensionGroup, type SeriesMetric, type WallSample } from '../../lib/api/operations-wall';

export interface ChartSeries {
  /** Seconds since the epoch (uPlot's x). */
  times: number[];
  lines: { key: string; label: string; values: (number | null)[] }[];
}

/**
 * One line per dimension seen in the history (labels from `groups`, the latest poll), values of `metric` at each
 * poll; null where the dimension was absent (a gap, not a zero).
 */
export function chartSeries(history: readonly WallSample[], metric: SeriesMetric, groups: readonly Pick<DimensionGroup, 'key' | 'label'>[]): ChartSeries {
  const keys = new Set<string>();
  for (const s of history) for (const key of Object.keys(s.byDimension)) keys.add(key);
  const labelOf = new Map(groups.map((g) => [g.key, g.label]));
  const ordered = [...keys].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : (labelOf.get(a) ?? a).localeCompare(labelOf.get(b) ?? b)));
  return {
    times: history.map((s) => s.timeMs / 1000),
    lines: ordered.map((key) => ({
      key,
      label: labelOf.get(key) ?? (key === '' ? EVERY_DIMENSION : key),
      values: history.map((s) => s.byDimension[key]?.[metric] ?? null),
    })),
  };
}

/** "—" when no delivery was timed, else milliseconds with sensible precision. */
export function formatP99(ms: number): string {
  if (ms <= 0) return '—';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** "—" when none is waiting, else "45s", "3m 05s", "2h 10m". */
export function formatAge(ms: number): string {
  if (ms <= 0) return '—';
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}
