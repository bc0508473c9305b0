import type { Config } from "./platform/config.js";
import { demoAccounts } from "./demo/demo-accounts.js";

/**
 * The one line `npm start` prints on a terminal besides the JSON log: where to open the site and what it runs on,
 * readable at a glance. Never the database credentials.
 */
export function startupLine(config: Config, url: string): string {
  const storage = config.databaseUrl ? `PostgreSQL at ${postgresPlace(config.databaseUrl)}` : `PGlite in ${config.dataDir}/pglite`;
  const identity = `${config.identity.mode} issuer ${config.identity.issuer}`;
  // Demo accounts are users of the embedded provider; an external issuer has its own.
  const demo = config.seedDemo && config.identity.mode === "embedded" ? `${demoAccounts.map((a) => a.username).join(", ")} (each password is the name)` : "off";
  return `SRO Web is up at ${url} · storage: ${storage} · identity: ${identity} · demo accounts: ${demo}`;
}

/** host:port/database of a postgres:// URL, without user or password. */
function postgresPlace(databaseUrl: string): string {
  try {
    const parsed = new URL(databaseUrl);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}
