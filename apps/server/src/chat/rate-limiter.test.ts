import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.js";

describe("send rate limiter (token bucket)", () => {
  it("allows a burst of 10, then 5 per second, per character", () => {
    let now = 0;
    const limiter = new RateLimiter({ ratePerSecond: 5, burst: 10 }, () => now);
    for (let i = 0; i < 10; i++) expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(200);
    expect(limiter.take("b")).toBe(0);
    now += 200;
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBeGreaterThan(0);
    now += 1_000;
    for (let i = 0; i < 5; i++) expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBeGreaterThan(0);
  });

  it("forgets buckets that refilled, so memory follows active senders only", () => {
    let now = 0;
    const limiter = new RateLimiter({ ratePerSecond: 5, burst: 10 }, () => now);
    for (let i = 0; i < 100; i++) limiter.take(`c${i}`);
    expect(limiter.size()).toBe(100);
    now += 2_000;
    limiter.take("fresh");
    expect(limiter.size()).toBe(1);
  });
});
