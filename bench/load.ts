/** Closed-loop load: `concurrency` workers call `once` back to back for `seconds`; latencies in ms. */
export async function closedLoop(once: () => Promise<unknown>, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        await once();
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { requests: latencies.length, errors, perSecond: latencies.length / elapsed, ...percentiles(latencies) };
}

export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
