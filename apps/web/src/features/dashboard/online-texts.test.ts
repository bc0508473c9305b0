import { describe, expect, it } from 'vitest';
import { oldestOpenText, onlineNowText, waitedText, wallStatusText } from './online-texts';

describe('onlineNowText', () => {
  it('names each dimension in the order given with its players and live servers', () => {
    const online = [
      { dimensionId: 'd-2', dimensionName: 'Abyss', players: 0, servers: 0 },
      { dimensionId: 'd-1', dimensionName: 'Prime', players: 1205, servers: 3 },
      { dimensionId: 'd-3', dimensionName: '', players: 1, servers: 1 },
    ];
    expect(onlineNowText(online, '')).toBe('Abyss 0 (no game server live) · Prime 1,205 (on 3 game servers) · d-3 1 (on 1 game server)');
  });

  it('says when there is no dimension yet', () => {
    expect(onlineNowText([], '')).toBe('No dimensions yet.');
  });

  it('in local mode says who plays is unknown and why', () => {
    expect(onlineNowText([], 'the registry is off')).toBe('Unknown: the registry is off');
  });
});

describe('wallStatusText', () => {
  it('says one in the singular and other counts in the plural', () => {
    expect(wallStatusText(1, 1)).toBe('1 node · 1 sanction in the last hour');
    expect(wallStatusText(2, 0)).toBe('2 nodes · 0 sanctions in the last hour');
    expect(wallStatusText(3, 1500)).toBe('3 nodes · 1,500 sanctions in the last hour');
  });
});

describe('oldestOpenText', () => {
  it("names each queue the caller works with its oldest item's wait, or that none is open", () => {
    const counts = {
      reports: { open: 2, oldestAgeMs: BigInt(12 * 60_000 + 59_000) },
      heldMessages: { open: 0, oldestAgeMs: BigInt(0) },
      appeals: { open: 1, oldestAgeMs: BigInt(185 * 60_000) },
    };
    expect(oldestOpenText(counts)).toBe('Oldest open report: 12 min · No held messages · Oldest open appeal: 3 h 05 min');
  });

  it('leaves out the queues the caller does not work, and says nothing when they work none', () => {
    expect(oldestOpenText({ appeals: { open: 0, oldestAgeMs: BigInt(0) } })).toBe('No open appeals');
    expect(oldestOpenText({})).toBe('');
  });

  it('tells a wait under a minute and one of days', () => {
    expect(waitedText(59_000)).toBe('under 1 min');
    expect(waitedText(3 * 24 * 3_600_000)).toBe('3 days');
  });
});
