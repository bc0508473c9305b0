import { describe, expect, it } from "vitest";
import { evidenceWindow, reportLimitError, requireMessageId } from "./report-rules.js";

describe("report rules", () => {
  it.each([
    [
      { before: 50, after: 50 },
      { before: 10, after: 9 },
    ],
    [
      { before: 3, after: 50 },
      { before: 3, after: 16 },
    ],
    [
      { before: 50, after: 2 },
      { before: 17, after: 2 },
    ],
    [
      { before: 4, after: 5 },
      { before: 4, after: 5 },
    ],
    [
      { before: 0, after: 0 },
      { before: 0, after: 0 },
    ],
  ])("freezes the message and up to 19 around it: %o → %o", (available, taken) => {
    expect(evidenceWindow(available)).toEqual(taken);
  });

  it("allows 20 reports an hour", () => {
    expect(reportLimitError(19)).toBeUndefined();
    expect(reportLimitError(20)?.rawMessage).toContain("at most 20 per hour");
  });

  it("reads message ids as positive safe integers", () => {
    expect(requireMessageId("42")).toBe(42);
    for (const bad of ["0", "-1", "01", "1e3", "99999999999999999", " 1"]) expect(() => requireMessageId(bad)).toThrow(/^\[invalid_argument\] message_id: /);
  });
});
