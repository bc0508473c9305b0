import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { StreamQuota } from "./stream-quota.js";

describe("chat stream quota", () => {
  it("admits up to the limit per account, refuses the next with RESOURCE_EXHAUSTED, admits again after a release", () => {
    const quota = new StreamQuota(2);
    const first = quota.take("a");
    quota.take("a");
    const refused = (() => {
      try {
        quota.take("a");
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ConnectError);
    expect((refused as ConnectError).code).toBe(Code.ResourceExhausted);
    expect((refused as ConnectError).rawMessage).toBe("too many open chat streams for this account: at most 2 at once; close one first");
    // Another account is not affected.
    quota.take("b");
    expect(quota.count("b")).toBe(1);
    first();
    first(); // a second release changes nothing
    expect(quota.count("a")).toBe(1);
    quota.take("a");
    expect(quota.count("a")).toBe(2);
  });
});
