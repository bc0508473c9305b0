import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentiles } from "./load.js";

/**
 * h2load (Debian's nghttp2-client): a load generator in C. On a 2-core machine the client shares the cores with the
 * server, and a Node client spends about as much CPU per call as the server does, so a native client measures the
 * server rather than the client. Installed with apt-get when missing and allowed (root); otherwise undefined.
 */
export function findH2load(): string | undefined {
  const which = () => {
    try {
      return execFileSync("sh", ["-c", "command -v h2load"], { encoding: "utf8" }).trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const found = which();
  if (found || process.env.BENCH_NO_INSTALL || process.getuid?.() !== 0) return found;
  try {
    console.error("installing h2load (apt-get install nghttp2-client) for the rpc benchmark…");
    execFileSync("apt-get", ["install", "-y", "-qq", "nghttp2-client"], { stdio: "ignore", timeout: 300_000 });
  } catch {
    return undefined;
  }
  return which();
}

export interface H2loadRun {
  url: string;
  /** HTTP/1.1 (one request at a time per connection) or HTTP/2 (`streams` in flight on each connection). */
  http1: boolean;
  connections: number;
  streams: number;
  seconds: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

/** Runs h2load for a fixed time; per-request latencies come from its log file (microseconds). */
export async function h2load(binary: string, run: H2loadRun) {
  const dir = mkdtempSync(join(tmpdir(), "sro-h2load-"));
  try {
    const bodyFile = join(dir, "body");
    const logFile = join(dir, "log");
    writeFileSync(bodyFile, run.body);
    const args = [
      ...(run.http1 ? ["--h1"] : []),
      `--clients=${run.connections}`,
      "--threads=1",
      `--max-concurrent-streams=${run.streams}`,
      `--duration=${run.seconds}`,
      "--warm-up-time=1",
      `--data=${bodyFile}`,
      `--log-file=${logFile}`,
      ...Object.entries(run.headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
      run.url,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      child.stderr.on("data", (d) => (text += d));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`h2load exited with ${code}:\n${text}`))));
    });
    const lines = readFileSync(logFile, "utf8").trim().split("\n").filter(Boolean);
    const latencies: number[] = [];
    let non2xx = 0;
    const statuses = new Map<string, number>();
    for (const line of lines) {
      const [, status, micros] = line.split("\t");
      if (status === "200") latencies.push(Number(micros) / 1000);
      // Status 0: no answer yet when the time was up (h2load logs the requests it abandons in flight).
      else if (status === "0") continue;
      else {
        non2xx++;
        statuses.set(status ?? "?", (statuses.get(status ?? "?") ?? 0) + 1);
      }
    }
    if (statuses.size) console.error(`h2load: non-200 answers by status: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")}`);
    const perSecond = Number(/finished in [\d.]+\w*, ([\d.]+) req\/s/.exec(output)?.[1] ?? NaN);
    // Not h2load's "failed": that counts the requests still in flight when the time is up.
    return { perSecond, errors: non2xx, ...percentiles(latencies) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
