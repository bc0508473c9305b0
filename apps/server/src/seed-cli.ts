import { parseArgs } from "node:util";
import { insertBulkCharacters } from "./character/bulk-characters.js";
import { seedDemoData } from "./demo/demo-data.js";
import { ConfigError, loadConfig } from "./platform/config.js";
import { openDatabase } from "./platform/db/database.js";
import { createLogger } from "./platform/logger.js";

/**
 * Bulk data for load tests: `npm run seed -- --characters 1000000`. Uses the server's storage settings
 * (DATABASE_URL, else PGlite under DATA_DIR), migrates it, adds the demo data when the server would (local mode),
 * then generates characters spread over the live dimensions.
 */
const USAGE = "usage: npm run seed -- --characters <count>   (1..10000000; DATABASE_URL or DATA_DIR choose the database)";
const MAX_CHARACTERS = 10_000_000;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { characters: { type: "string", default: "1000" }, help: { type: "boolean", short: "h" } } });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const count = Number(values.characters);
  if (!Number.isInteger(count) || count < 1 || count > MAX_CHARACTERS) {
    process.stderr.write(`--characters must be a whole number 1..${MAX_CHARACTERS}\n${USAGE}\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    if (config.seedDemo) await seedDemoData(database.db, logger);
    process.stdout.write(
      `Seeding ${count.toLocaleString("en")} characters into ${database.kind === "postgres" ? "PostgreSQL" : `PGlite (${config.dataDir})`}…\n`,
    );
    const result = await insertBulkCharacters(database, {
      count,
      onProgress: (inserted) => process.stdout.write(`  ${inserted.toLocaleString("en")} inserted\n`),
    });
    process.stdout.write(
      `Done: ${result.inserted.toLocaleString("en")} characters over ${result.dimensions} dimension(s) in ${(result.milliseconds / 1000).toFixed(1)} s${result.rebuiltIndexes ? " (indexes rebuilt)" : ""}.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`seed failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
