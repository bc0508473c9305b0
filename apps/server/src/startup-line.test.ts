import { describe, expect, it } from "vitest";
import { loadConfig } from "./platform/config.js";
import { startupLine } from "./startup-line.js";

describe("the startup line on a terminal", () => {
  it("local mode: PGlite directory, embedded issuer, demo accounts on", () => {
    const config = loadConfig({ DATA_DIR: "/srv/sro", PORT: "8080" });
    expect(startupLine(config, "http://localhost:8080")).toBe(
      "SRO Web is up at http://localhost:8080 · storage: PGlite in /srv/sro/pglite · identity: embedded issuer http://localhost:8080/realms/default · demo accounts: on (listed in the log)",
    );
  });

  it("PostgreSQL shows host and database, never the credentials; demo accounts off when asked", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://sro:s3cret@db.internal:5433/sro", SEED_DEMO: "false", PORT: "8080" });
    const line = startupLine(config, "http://localhost:8080");
    expect(line).toBe(
      "SRO Web is up at http://localhost:8080 · storage: PostgreSQL at db.internal:5433/sro · identity: embedded issuer http://localhost:8080/realms/default · demo accounts: off",
    );
    expect(line).not.toMatch(/s3cret|sro:/);
  });

  it("an external issuer is named; its users are its own, so no demo accounts", () => {
    const config = loadConfig({ OIDC_ISSUER: "https://sso.example.com/realms/sro", SEED_DEMO: "true", PORT: "8080" });
    expect(startupLine(config, "http://localhost:8080")).toMatch(/ · identity: external issuer https:\/\/sso\.example\.com\/realms\/sro · demo accounts: off$/);
  });
});
