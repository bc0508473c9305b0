// Durations and ages for the admin console (docs/product.md#constants-and-limits: epoch seconds; 'just now' under 10 s; ages end in ' old').

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A playtime such as '1d 2h 5m', '3h 0m' or '45s'. */
export function formatPlayTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  if (total < MINUTE) return `${total}s`;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

export interface DurationValue {
  value: string;
  unit: string;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A total as a value and a unit, e.g. { value: '12.5', unit: 'hours' } (dashboard tile). */
export function durationValue(seconds: number): DurationValue {
  const total = Math.max(0, seconds);
  const [amount, unit] =
    total < MINUTE ? [total, 'second'] : total < HOUR ? [total / MINUTE, 'minute'] : total < 2 * DAY ? [total / HOUR, 'hour'] : [total / DAY, 'day'];
  const value = number.format(amount);
  return { value, unit: value === '1' ? unit : `${unit}s` };
}

const AGE_UNITS: [limit: number, seconds: number, name: string][] = [
  [MINUTE, 1, 'second'],
  [HOUR, MINUTE, 'minute'],
  [DAY, HOUR, 'hour'],
  [30 * DAY, DAY, 'day'],
  [365 * DAY, 30 * DAY, 'month'],
  [Infinity, 365 * DAY, 'year'],
];

/** Age of something created at `createdAtSeconds`: 'just now' under 10 s, else e.g. '3 days old'. */
export function formatAge(createdAtSeconds: number, nowMs: number = Date.now()): string {
  const ageSeconds = (nowMs - createdAtSeconds * 1000) / 1000;
  if (ageSeconds < 10) return 'just now';
  const [, size, name] = AGE_UNITS.find(([limit]) => ageSeconds < limit)!;
  const count = Math.floor(ageSeconds / size);
  return `${count} ${name}${count === 1 ? '' : 's'} old`;
}
