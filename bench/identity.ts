import { loadavg } from "node:os";
import { verifyPassword, hashPassword } from "../apps/server/src/identity/passwords.js";
import { serverDistLabel, serverNodeVersion, startServerProcess } from "../apps/server/src/test/server-process.js";
import { signIn, TestBrowser, tokenRequest } from "../apps/server/src/test/oidc-test-client.js";
import { createTestDatabase } from "../apps/server/src/test/test-server.js";
import { cpuSecondsOf } from "./chat-fanout-clients.js";
import { closedLoop, fmt } from "./load.js";
import { profileProcess } from "./server-profile.js";

/**
 * The embedded provider's sign-in (the real login page: authorization request, password form, code + PKCE
 * exchange) and refresh grant, on PGlite and (with DATABASE_URL) PostgreSQL. The server runs in its own process;
 * CPU per operation comes from /proc, so it holds on a busy machine where the rate does not. The password hash is
 * measured alone in this process, so a sign-in's cost beyond it shows.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_IDENTITY_CONCURRENCY ?? 8);
/** Demo accounts (seeded with password = username); "banned" is left out, it may not sign in. */
/** A directory: each measured row also writes a CPU profile of the server there (see server-profile.ts). */
const PROFILE_DIR = process.env.BENCH_IDENTITY_PROFILE;
const ACCOUNTS = ["admin", "moderator", "player", "ozzy", "rook", "nova", "ivy"];

export async function run() {
  const stores: ("PGlite" | "PostgreSQL")[] = process.env.DATABASE_URL ? ["PGlite", "PostgreSQL"] : ["PGlite"];
  const hashMs = await passwordHashCpuMs();
  const rows = [
    "| store | operation | done | per s | p50 ms | server CPU ms/op | beyond the password hash ms | load (1 min) |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const store of stores) {
    const database = store === "PostgreSQL" ? await createTestDatabase() : undefined;
    const server = await startServerProcess({ SEED_DEMO: "true", LOG_LEVEL: "warn", DATABASE_URL: database?.url ?? "" }, "dist", {
      readyWithinMs: 240_000,
    });
    try {
      const issuer = `${server.publicUrl}/realms/default`;
      const redirectUri = `${server.publicUrl}/`;
      let turn = 0;
      const once = async () => {
        const username = ACCOUNTS[turn++ % ACCOUNTS.length]!;
        return signIn(new TestBrowser(), { issuer, redirectUri, username, password: username });
      };
      // Warm-up: the JIT compiles the flow and the provider's keys and clients load.
      const warm = await Promise.all(Array.from({ length: CONCURRENCY }, once));
      const measure = async (operation: string, call: () => Promise<unknown>, beyond: number | undefined, seconds = SECONDS) => {
        const load = loadavg()[0]!;
        const name = `identity-${store}-${operation.split(" ")[0]}-${Date.now()}`;
        const stopProfile = PROFILE_DIR ? await profileProcess(server.child.pid!, PROFILE_DIR, name) : undefined;
        const before = cpuSecondsOf(server.child.pid!);
        const r = await closedLoop(call, CONCURRENCY, seconds);
        if (stopProfile) console.error(`server profile: ${await stopProfile()}`);
        const cpuMs = ((cpuSecondsOf(server.child.pid!) - before) * 1000) / Math.max(1, r.requests);
        const extra = beyond === undefined ? "-" : fmt(cpuMs - beyond, 1);
        rows.push(
          `| ${store} | ${operation} | ${r.requests} (${r.errors} failed) | ${fmt(r.perSecond, 1)} | ${fmt(r.p50, 1)} | ${fmt(cpuMs, 1)} | ${extra} | ${fmt(load, 1)} |`,
        );
        console.error(rows.at(-1));
      };
      // Each sign-in pays a password hash: twice the time, for enough of them on a busy machine.
      await measure("sign-in (code + PKCE)", once, hashMs, 2 * SECONDS);
      // A refresh token is rotated on use: each call takes a chain no other call holds, and puts back its successor.
      const chains = warm.map((tokens) => tokens.refresh_token!);
      let reported = false;
      await measure(
        "refresh grant",
        async () => {
          const current = chains.pop()!;
          const r = await tokenRequest(issuer, { grant_type: "refresh_token", refresh_token: current, client_id: "sro-web" });
          chains.push(r.body.refresh_token ?? current);
          if (r.status !== 200) {
            if (!reported) console.error(`refresh failed: ${r.status} ${JSON.stringify(r.body)}`);
            reported = true;
            throw new Error("refresh failed");
          }
        },
        undefined,
      );
    } finally {
      await server.stop();
      await database?.drop();
    }
  }
  console.log(
    `\n## Identity: embedded provider's sign-in and refresh, ${CONCURRENCY} in flight, ${SECONDS} s each, server on Node.js ${serverNodeVersion()}${serverDistLabel()}\n`,
  );
  console.log(rows.join("\n"));
  console.log(`\nThe password hash alone (scrypt, verified in the bench's process): ${fmt(hashMs, 1)} ms CPU.`);
  return rows;
}

/** CPU of one password verification, as the login form's check pays it. */
async function passwordHashCpuMs(): Promise<number> {
  const stored = await hashPassword("bench-password");
  await verifyPassword("bench-password", stored);
  const before = cpuSecondsOf(process.pid);
  const n = 5;
  for (let i = 0; i < n; i++) await verifyPassword("bench-password", stored);
  return ((cpuSecondsOf(process.pid) - before) * 1000) / n;
}
