import { describe, expect, it } from 'vitest';
import { PlayerRemovalState } from '../../gen/sro/gameserver/control_pb';
import { removalOutcome } from './removal-texts';

const removal = { serverAddress: '10.0.0.5:7777', serverId: 'gs-1', latencyMs: 0n };

describe('removalOutcome', () => {
  it('waits for the server while pending', () => {
    expect(removalOutcome({ ...removal, state: PlayerRemovalState.PENDING })).toEqual({ text: 'Waiting for 10.0.0.5:7777 to confirm…', tone: 'pending' });
  });

  it('names the address and the latency once confirmed', () => {
    expect(removalOutcome({ ...removal, state: PlayerRemovalState.CONFIRMED, latencyMs: 1234n }).text).toBe('Disconnected from 10.0.0.5:7777 after 1,234 ms');
  });

  it('says no confirmation came within the window', () => {
    const outcome = removalOutcome({ ...removal, state: PlayerRemovalState.UNCONFIRMED });
    expect(outcome).toEqual({ text: '10.0.0.5:7777 did not confirm within 10 s: the player may still be connected.', tone: 'failed' });
  });

  it('falls back to the server id without an address', () => {
    expect(removalOutcome({ ...removal, serverAddress: '', state: PlayerRemovalState.PENDING }).text).toBe('Waiting for gs-1 to confirm…');
  });
});
