import { inspect } from "node:util";
import { startServer } from "./app.js";
import { demoAccountsOnSeededPasswords } from "./demo/demo-identity.js";
import { startDemoWorld, type DemoWorld } from "./demo/demo-world.js";
import { demoWorldEnvironment } from "./demo/demo-world-settings.js";
import { createUserStore } from "./identity/user-store.js";
import { ConfigError, loadConfig } from "./platform/config.js";
import { createLogger } from "./platform/logger.js";
import { startTracing } from "./platform/tracing.js";
import { startupLine } from "./startup-line.js";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(demoWorldEnvironment(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const stopTracing = startTracing();
  if (stopTracing) logger.info("OpenTelemetry tracing on (OTLP exporter)");
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
  const server = await startServer(config, { logger });
  let demoWorld: DemoWorld | undefined;
  if (config.demoPlayers) {
    // A world that cannot start (say, the demo data was replaced) leaves the server up without it.
    demoWorld = await startDemoWorld({
      db: server.database.db,
      serverUrl: `http://${["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host}:${server.port}`,
      issuer: config.identity.issuer,
      clientId: config.identity.clientId,
      gameServerClientSecret: config.identity.gameServerClientSecret!,
      logger,
    }).catch((error: unknown) => {
      logger.warn({ err: error }, "demo game world did not start");
      return undefined;
    });
  }
  // A person at a terminal gets one readable line; log collectors (no TTY) get the JSON log alone.
  if (process.stdout.isTTY) {
    // Demo accounts are users of the embedded provider; an external issuer has its own.
    const demo = config.seedDemo && config.identity.mode === "embedded" ? await demoAccountsOnSeededPasswords(createUserStore(server.database.db)) : undefined;
    process.stdout.write(`${startupLine(config, server.url, demo)}\n`);
    if (demoWorld) process.stdout.write(`${demoWorld.summary}\n`);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // The demo's players leave and its game servers deregister while the server still answers them.
    (demoWorld?.stop() ?? Promise.resolve())
      .then(() => server.close())
      .then(() => stopTracing?.())
      .then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  // Not every throw is an Error (PGlite rejects with plain objects): inspect shows what it was.
  process.stderr.write(`SRO server failed to start: ${error instanceof Error ? error.message : inspect(error, { depth: 3 })}\n`);
  process.exit(1);
});
