import { describe, expect, it } from 'vitest';
import { appendSample, EVERY_DIMENSION, groupByDimension, wallTotals, type WallChannel, type WallSnapshot } from '../../lib/api/operations-wall';
import { chartSeries, formatAge, formatP99 } from './operations-series';

const channel = (over: Partial<WallChannel>): WallChannel => ({
  channelId: 'c',
  channelName: 'general',
  dimensionId: '',
  dimensionName: '',
  openStreams: 0,
  messagesPerMinute: 0,
  heldWaiting: 0,
  oldestHeldAgeMs: 0,
  sanctionsLastHour: 0,
  deliveryP99Ms: 0,
  ...over,
});

const snapshot = (timeMs: number, channels: WallChannel[]): WallSnapshot => ({
  timeMs,
  nodes: 1,
  sanctionsLastHour: 0,
  channels,
  online: [],
  onlineUnknown: '',
});

const channels = [
  channel({ channelId: 'z1', channelName: 'trade', dimensionId: 'dz', dimensionName: 'Zeta', openStreams: 2, messagesPerMinute: 5, deliveryP99Ms: 3 }),
  channel({ channelId: 'g', channelName: 'global', openStreams: 4, heldWaiting: 1, oldestHeldAgeMs: 9_000 }),
  channel({ channelId: 'a1', channelName: 'market', dimensionId: 'da', dimensionName: 'Alpha', openStreams: 1, deliveryP99Ms: 8, sanctionsLastHour: 2 }),
  channel({
    channelId: 'a2',
    channelName: 'help',
    dimensionId: 'da',
    dimensionName: 'Alpha',
    openStreams: 3,
    deliveryP99Ms: 2,
    heldWaiting: 2,
    oldestHeldAgeMs: 4_000,
  }),
];

describe('groupByDimension', () => {
  it('puts channels of every dimension first, then dimensions and channels by name, with totals', () => {
    const groups = groupByDimension(channels);
    expect(groups.map((g) => g.label)).toEqual([EVERY_DIMENSION, 'Alpha', 'Zeta']);
    expect(groups[1]!.channels.map((c) => c.channelName)).toEqual(['help', 'market']);
    expect(groups[1]!.totals).toEqual({ openStreams: 4, messagesPerMinute: 0, heldWaiting: 2, oldestHeldAgeMs: 4_000, sanctionsLastHour: 2, deliveryP99Ms: 8 });
  });

  it('sums the whole wall, taking the highest p99 and oldest age', () => {
    expect(wallTotals(channels)).toEqual({
      openStreams: 10,
      messagesPerMinute: 5,
      heldWaiting: 3,
      oldestHeldAgeMs: 9_000,
      sanctionsLastHour: 2,
      deliveryP99Ms: 8,
    });
  });
});

describe('appendSample and chartSeries', () => {
  it('keeps the last five minutes of polls, once per server time, one line per dimension with gaps', () => {
    let history = appendSample([], snapshot(0, [channels[0]!]));
    history = appendSample(history, snapshot(3_000, channels));
    history = appendSample(history, snapshot(3_000, channels));
    expect(history).toHaveLength(2);
    const streams = chartSeries(history, 'openStreams', groupByDimension(channels));
    expect(streams.times).toEqual([0, 3]);
    expect(streams.lines.map((l) => [l.label, l.values])).toEqual([
      [EVERY_DIMENSION, [null, 4]],
      ['Alpha', [null, 4]],
      ['Zeta', [2, 2]],
    ]);
    expect(chartSeries(history, 'deliveryP99Ms', groupByDimension(channels)).lines[1]!.values).toEqual([null, 8]);

    history = appendSample(history, snapshot(3_000 + 5 * 60_000, channels));
    // The first poll is now older than five minutes.
    expect(history.map((s) => s.timeMs)).toEqual([3_000, 303_000]);
  });
});

describe('formatting', () => {
  it('shows a dash for nothing, milliseconds and ages readably', () => {
    expect(formatP99(0)).toBe('—');
    expect(formatP99(0.43)).toBe('0.4 ms');
    expect(formatP99(1234.2)).toBe('1,234 ms');
    expect(formatAge(0)).toBe('—');
    expect(formatAge(45_500)).toBe('45s');
    expect(formatAge(185_000)).toBe('3m 05s');
    expect(formatAge(7_800_000)).toBe('2h 10m');
  });
});
