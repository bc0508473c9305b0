import { describe, expect, it } from "vitest";
import { loadConfig } from "./platform/config.js";
import { demoAccounts } from "./demo/demo-accounts.js";
import { startupLine } from "./startup-line.js";

describe("the startup line on a terminal", () => {
  it("local mode: PGlite directory, embedded issuer, the demo accounts by name", () => {
    // What the line says of their passwords.
    for (const account of demoAccounts) expect(account.password).toBe(account.username);
    const config = loadConfig({ DATA_DIR: "/srv/sro", PORT: "8080" });
    const everyone = demoAccounts.map((a) => a.username);
    expect(startupLine(config, "http://localhost:8080", everyone)).toBe(
      "SRO Web is up at http://localhost:8080 · storage: PGlite in /srv/sro/pglite · identity: embedded issuer http://localhost:8080/realms/default · demo accounts: admin, moderator, player, banned, ozzy, rook, nova, ivy, lead (each password is the name) · second factor: off (SECOND_FACTOR_GROUPS to require it)",
    );
  });

  it("names only the demo accounts still on their seeded password (demo-identity.test.ts finds them)", () => {
    const config = loadConfig({ DATA_DIR: "/srv/sro", PORT: "8080" });
    expect(startupLine(config, "http://localhost:8080", ["player", "ivy"])).toMatch(/ · demo accounts: player, ivy \(each password is the name\) · /);
    expect(startupLine(config, "http://localhost:8080", [])).toMatch(/ · demo accounts: none left with its seeded password · /);
  });

  it("PostgreSQL shows host and database, never the credentials; demo accounts off when asked", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://sro:s3cret@db.internal:5433/sro", SEED_DEMO: "false", PORT: "8080" });
    const line = startupLine(config, "http://localhost:8080", undefined);
    expect(line).toBe(
      "SRO Web is up at http://localhost:8080 · storage: PostgreSQL at db.internal:5433/sro · identity: embedded issuer http://localhost:8080/realms/default · demo accounts: off · second factor: required for /Moderator, /Moderator/Admin",
    );
    expect(line).not.toMatch(/s3cret|sro:/);
  });

  it("an external issuer is named; its users are its own, so no demo accounts", () => {
    const config = loadConfig({ OIDC_ISSUER: "https://sso.example.com/realms/sro", SEED_DEMO: "true", PORT: "8080" });
    expect(startupLine(config, "http://localhost:8080", undefined)).toMatch(
      / · identity: external issuer https:\/\/sso\.example\.com\/realms\/sro · demo accounts: off · second factor: off/,
    );
  });

  it("says whether staff need a second factor: on when configured, also in local mode", () => {
    const config = loadConfig({ PORT: "8080", SECOND_FACTOR_GROUPS: "/Moderator/Admin" });
    expect(startupLine(config, "http://localhost:8080", ["admin"])).toMatch(/ · second factor: required for \/Moderator\/Admin$/);
  });
});
