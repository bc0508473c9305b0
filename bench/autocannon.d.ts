/**
 * The part of autocannon 9 the rpc bench uses (autocannon ships no types; @types/autocannon describes version 7).
 * Field names follow autocannon's lib/run.js and lib/aggregateResult.js.
 */
declare module "autocannon" {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    duration?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
