import pg from "pg";

/**
 * The URL of `name`, a database of the bench's own on DATABASE_URL's server: created when missing and kept for the
 * next run (seeding millions of rows takes minutes), so the benches never load into the database DATABASE_URL names.
 */
export async function benchDatabaseUrl(base: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench database name "${name}": lower-case letters, digits and _ only`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
