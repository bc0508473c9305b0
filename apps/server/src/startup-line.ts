import type { Config } from "./platform/config.js";

/**
 * The one line `npm start` prints on a terminal besides the JSON log: where to open the site and what it runs on,
 * readable at a glance. Never the database credentials. `demoAccounts` are those that still sign in with their
 * seeded password (the username); undefined when demo accounts are off.
 */
export function startupLine(config: Config, url: string, demoAccounts: readonly string[] | undefined): string {
  const storage = config.databaseUrl ? `PostgreSQL at ${postgresPlace(config.databaseUrl)}` : `PGlite in ${config.dataDir}/pglite`;
  const identity = `${config.identity.mode} issuer ${config.identity.issuer}`;
  const demo = !demoAccounts ? "off" : demoAccounts.length ? `${demoAccounts.join(", ")} (each password is the name)` : "none left with its seeded password";
  const groups = config.secondFactor.groups;
  const secondFactor = groups.length ? `required for ${groups.join(", ")}` : "off (SECOND_FACTOR_GROUPS to require it)";
  return `SRO Web is up at ${url} · storage: ${storage} · identity: ${identity} · demo accounts: ${demo} · second factor: ${secondFactor}`;
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
