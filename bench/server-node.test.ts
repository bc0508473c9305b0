import { afterEach, describe, expect, it } from "vitest";
import { serverNodeVersion } from "../apps/server/src/test/server-process.js";

// SERVER_NODE picks the Node.js a benchmark's server runs on; the heading names it, so a figure says its runtime.
describe("serverNodeVersion", () => {
  const before = process.env.SERVER_NODE;
  afterEach(() => {
    if (before === undefined) delete process.env.SERVER_NODE;
    else process.env.SERVER_NODE = before;
  });

  it("is the caller's own Node.js without SERVER_NODE", () => {
    delete process.env.SERVER_NODE;
    expect(serverNodeVersion()).toBe(process.version);
  });

  it("asks the binary SERVER_NODE names", () => {
    process.env.SERVER_NODE = process.execPath;
    expect(serverNodeVersion()).toBe(process.version);
  });

  it("refuses a SERVER_NODE that does not run, naming it", () => {
    process.env.SERVER_NODE = "/nonexistent/node";
    expect(() => serverNodeVersion()).toThrow(/SERVER_NODE=\/nonexistent\/node does not run/);
  });
});
