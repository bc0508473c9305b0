import { describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../lib/api/webhooks';
import { deliveryOutcome, safeUrl, testOutcome } from './webhook-texts';

const delivery = (fields: Partial<DeliveryRecord>): DeliveryRecord => ({
  id: 'd-1',
  event: 'account.banned',
  state: 'pending',
  attempts: 0,
  lastStatus: 0,
  lastError: '',
  createdAtMs: 0,
  nextAttemptAtMs: 0,
  deliveredAtMs: 0,
  ...fields,
});

describe('safeUrl', () => {
  it('keeps scheme, host and port and hides the path and query, where tokens live', () => {
    expect(safeUrl('https://discord.com/api/webhooks/123/s3cr3t-token')).toBe('https://discord.com/…');
    expect(safeUrl('http://127.0.0.1:8080/?token=abc')).toBe('http://127.0.0.1:8080/…');
    expect(safeUrl('https://hooks.example.com/')).toBe('https://hooks.example.com');
    expect(safeUrl('not a url')).toBe('…');
  });
});

describe('delivery outcomes', () => {
  it('says what happened in words', () => {
    expect(deliveryOutcome(delivery({ state: 'delivered', attempts: 1, lastStatus: 204 }))).toBe('Delivered: the receiver answered HTTP 204 after 1 attempt.');
    expect(deliveryOutcome(delivery({ state: 'failed', attempts: 6, lastStatus: 500, lastError: 'the receiver answered HTTP 500' }))).toBe(
      'Failed: the receiver answered HTTP 500; no attempt is left after 6 attempts.',
    );
    expect(deliveryOutcome(delivery({ attempts: 0 }))).toBe('Pending: the first attempt is due.');
    expect(deliveryOutcome(delivery({ attempts: 2, lastError: 'no answer within 5000 ms' }))).toBe(
      'Not delivered yet: no answer within 5000 ms after 2 attempts.',
    );
    expect(testOutcome(delivery({ state: 'delivered', attempts: 1, lastStatus: 200 }))).toBe('Test delivered: the receiver answered HTTP 200.');
    expect(testOutcome(delivery({ state: 'failed', attempts: 1, lastError: 'could not reach the receiver (ECONNREFUSED)' }))).toBe(
      'Test not delivered: could not reach the receiver (ECONNREFUSED).',
    );
  });
});
