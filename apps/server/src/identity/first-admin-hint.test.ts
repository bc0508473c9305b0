import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../app.js";
import { loadConfig } from "../platform/config.js";

const cli = fileURLToPath(new URL("./identity-cli.ts", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "sro-first-admin-"));

/** Starts and stops the server on PGlite in `dataDir` without demo accounts; returns what it logged. */
async function startAndStop(): Promise<string[]> {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false" });
  const server = await startServer(config, { logger });
  await server.close();
  return lines;
}

describe("without demo accounts (the container image's default)", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("logs how to create the first admin until one exists, then no more", { timeout: 120_000 }, async () => {
    const first = await startAndStop();
    const hint = first.find((line) => line.includes("no admin account yet"));
    expect(hint).toContain("node apps/server/dist/identity/identity-cli.js create-admin --username <name> --email <address>");
    expect(hint).toContain("IDENTITY_ADMIN_PASSWORD=<at least 8 characters>");
    expect(first.some((line) => line.includes("demo accounts"))).toBe(false);

    // The command the hint names (from source here), on the same storage, with the server stopped (PGlite).
    const created = await promisify(execFile)(process.execPath, ["--import", "tsx", cli, "create-admin", "--username", "ops", "--email", "ops@example.com"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", IDENTITY_ADMIN_PASSWORD: "first-admin-password" },
    });
    expect(created.stdout).toMatch(/^created ops \(.+\) in \/Moderator\/Admin/);

    const second = await startAndStop();
    expect(second.some((line) => line.includes("SRO server listening"))).toBe(true);
    expect(second.some((line) => line.includes("no admin account yet"))).toBe(false);
  });
});
