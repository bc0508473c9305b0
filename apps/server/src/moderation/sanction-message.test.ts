import { describe, expect, it } from "vitest";
import { describeDuration } from "./sanction-message.js";

describe("a sanction's remaining time", () => {
  it("reads as days, hours, minutes, seconds", () => {
    expect(describeDuration(86_400_000 + 3_600_000 + 61_000)).toBe("1d 1h 1m 1s");
    expect(describeDuration(3_600_000)).toBe("1h");
  });
  it("rounds up, so a sanction that still holds never reads 0s", () => {
    expect(describeDuration(1)).toBe("1s");
    expect(describeDuration(0)).toBe("1s");
    expect(describeDuration(60_001)).toBe("1m 1s");
  });
});
