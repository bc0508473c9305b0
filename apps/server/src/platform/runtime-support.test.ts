import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * `engines` promises the runtimes `npm start` runs on without a warning, and oidc-provider warns on every runtime that
 * is not a Node.js LTS release from Jod (22) on. Its check runs when it is imported, so each case imports the real
 * library in a child process that reports the release's own LTS codename.
 */
const engines = (JSON.parse(readFileSync(new URL("../../../../package.json", import.meta.url), "utf8")) as { engines: { node: string } }).engines.node;

/** Node.js releases and their LTS codename (none while a line is "Current"), from nodejs.org's release schedule. */
const releases: { version: string; lts?: string }[] = [
  { version: "20.20.2", lts: "Iron" },
  { version: "22.10.0" },
  { version: "22.11.0", lts: "Jod" },
  { version: "22.23.3", lts: "Jod" },
  { version: "23.11.1" },
  { version: "24.10.0" },
  { version: "24.11.0", lts: "Krypton" },
  { version: "24.21.0", lts: "Krypton" },
  { version: "25.9.0" },
  { version: "26.10.0" },
];

/** What oidc-provider prints when imported here, or, given a release, on a runtime that reports that release's `lts`. */
function oidcProviderStartupOutput(release?: { lts?: string }): string {
  const script = `
    if (process.env.RELEASE_LTS !== undefined)
      Object.defineProperty(process, "release", { value: { ...process.release, lts: process.env.RELEASE_LTS || undefined } });
    await import("oidc-provider");`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: "" };
  delete env.RELEASE_LTS;
  if (release) env.RELEASE_LTS = release.lts ?? "";
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env,
    encoding: "utf8",
  });
  expect(child.status, child.stderr).toBe(0);
  return child.stdout + child.stderr;
}

describe("supported runtimes", () => {
  it.each(releases)("engines admits Node.js $version exactly when oidc-provider starts there without a warning", (release) => {
    const warns = oidcProviderStartupOutput(release).includes("Unsupported runtime");
    expect(semver.satisfies(release.version, engines), `engines "${engines}", oidc-provider ${warns ? "warns" : "is silent"}`).toBe(!warns);
  });

  it("this runtime: admitted by engines exactly when oidc-provider is silent on it", () => {
    const warns = oidcProviderStartupOutput().includes("Unsupported runtime");
    expect(semver.satisfies(process.version, engines)).toBe(!warns);
  });
});
