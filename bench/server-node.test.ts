import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { serverDist, serverDistLabel, serverNodeVersion } from "../apps/server/src/test/server-process.js";

const keptEnv = { SERVER_NODE: process.env.SERVER_NODE, SERVER_DIST: process.env.SERVER_DIST };
afterEach(() => {
  for (const [name, value] of Object.entries(keptEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

// SERVER_NODE picks the Node.js a benchmark's server runs on; the heading names it, so a figure says its runtime.
describe("serverNodeVersion", () => {
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

// SERVER_DIST picks the build a benchmark starts, so two builds compare in one sitting; the heading names it.
describe("serverDist", () => {
  it("is this checkout's build without SERVER_DIST, and the heading says nothing", () => {
    delete process.env.SERVER_DIST;
    expect(serverDist()).toBe(fileURLToPath(new URL("../apps/server/dist/main.js", import.meta.url)));
    expect(serverDistLabel()).toBe("");
  });

  it("is the build SERVER_DIST names, and the heading names it", () => {
    const other = fileURLToPath(import.meta.url);
    process.env.SERVER_DIST = other;
    expect(serverDist()).toBe(other);
    expect(serverDistLabel()).toBe(`, build ${other}`);
  });

  it("refuses a SERVER_DIST that does not exist, naming it", () => {
    process.env.SERVER_DIST = "/nonexistent/dist/main.js";
    expect(() => serverDist()).toThrow(/SERVER_DIST=\/nonexistent\/dist\/main.js does not exist/);
  });
});
