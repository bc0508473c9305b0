import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const entries = {
  /** The TypeScript sources through tsx: no build needed (tests). */
  source: () => ["--import", "tsx", fileURLToPath(new URL("../main.ts", import.meta.url))],
  /** The built server, as `npm start` runs it (benchmarks); SERVER_DIST may name another build (serverDist). */
  dist: () => [serverDist()],
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The Node.js the server runs on: SERVER_NODE=/path/to/node, or the caller's own. A benchmark can so measure the
 * server on the runtime the image ships (or any other) while its client stays on the machine's Node.
 */
export const serverNode = () => process.env.SERVER_NODE || process.execPath;

/**
 * The built server a benchmark starts: SERVER_DIST=/other/checkout/apps/server/dist/main.js, or this checkout's. Two
 * builds (before and after a change, say) so run under the same bench, interleaved, in one sitting.
 */
export function serverDist(): string {
  const dist = process.env.SERVER_DIST;
  if (!dist) return fileURLToPath(new URL("../../dist/main.js", import.meta.url));
  if (!existsSync(dist)) throw new Error(`SERVER_DIST=${dist} does not exist: name a built server's dist/main.js`);
  return dist;
}

/** For a benchmark's heading: which build ran, when it is not this checkout's. */
export const serverDistLabel = () => (process.env.SERVER_DIST ? `, build ${serverDist()}` : "");

/** The server's Node.js version ("v22.23.3"), for a benchmark's heading. */
export function serverNodeVersion(): string {
  if (!process.env.SERVER_NODE) return process.version;
  const probe = spawnSync(serverNode(), ["--version"], { encoding: "utf8" });
  if (probe.status !== 0) throw new Error(`SERVER_NODE=${process.env.SERVER_NODE} does not run: ${probe.error?.message ?? probe.stderr}`);
  return probe.stdout.trim();
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** PUBLIC_URL (http://localhost:<port> unless env says otherwise): the issuer of the embedded provider and the browser's origin. */
  publicUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** A fixed port instead of a free one: a restart on the same port keeps the origin (and the issuer) of the first run. */
  port?: number;
  /** An existing data dir, kept after exit (the caller removes it): a restart keeps the database and the provider's keys. */
  dataDir?: string;
  /** How long to wait for /readyz (60 s): a fresh PGlite's migrations on a machine shared with a long load may need more. */
  readyWithinMs?: number;
}

/**
 * A server in its own process (its own core) on a free port with a fresh data dir; resolves once /readyz is 200.
 * With `options.port` and `options.dataDir` a second call restarts "the same" server (restart tests).
 * Storage and bus are the caller's `env`'s (DATABASE_URL, NATS_URL), else PGlite and the in-process bus: never the
 * ones the shell exported for the suites, whose database a second server would share.
 */
export async function startServerProcess(
  env: Record<string, string>,
  entry: keyof typeof entries = "source",
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "sro-node-"));
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  // e.g. SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under a benchmark.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(serverNode(), [...nodeArgs, ...entries[entry]()], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      NATS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: publicUrl,
      // `npm start`'s demo game world would register game servers beside the caller's own: on only when asked.
      DEMO_PLAYERS: "false",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  if (ownsDataDir) void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready in ${readyWithinMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    publicUrl,
    port,
    dataDir,
    child,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
