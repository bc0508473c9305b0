import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("README's configuration table lists every variable the server reads", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../../../README.md", import.meta.url)), "utf8");
    const listed = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]));
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(30);
    expect(CONFIG_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("has working defaults: port 8080, embedded identity, PGlite, local game servers", () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.identity).toMatchObject({ mode: "embedded", issuer: "http://localhost:8080/realms/default", clientId: "sro-web" });
    expect(config.identity.adminUrl).toBe("http://localhost:8080/admin/realms/default");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.gameServer.mode).toBe("local");
    expect(config.seedDemo).toBe(true);
    expect(config.leanPaths).toBe(true);
  });

  it("DEMO_PLAYERS is off unless set, and refused without the registry, the game-server secret or the embedded provider", () => {
    expect(loadConfig({}).demoPlayers).toBe(false);
    const ready = { GAMESERVER_MODE: "registry", GAMESERVER_CLIENT_SECRET: "a-long-enough-secret" };
    expect(loadConfig({ ...ready, DEMO_PLAYERS: "true" }).demoPlayers).toBe(true);
    const refusal = /DEMO_PLAYERS="true": needs the embedded provider \(no OIDC_ISSUER\), GAMESERVER_MODE=registry and GAMESERVER_CLIENT_SECRET/;
    expect(() => loadConfig({ DEMO_PLAYERS: "true", GAMESERVER_CLIENT_SECRET: "a-long-enough-secret" })).toThrow(refusal);
    expect(() => loadConfig({ DEMO_PLAYERS: "true", GAMESERVER_MODE: "registry" })).toThrow(refusal);
    expect(() => loadConfig({ ...ready, DEMO_PLAYERS: "true", OIDC_ISSUER: "https://sso.example/realms/default" })).toThrow(refusal);
  });

  it("LEAN_PATHS turns the lean rpc paths off; anything but on/off is refused", () => {
    expect(loadConfig({ LEAN_PATHS: "off" }).leanPaths).toBe(false);
    expect(loadConfig({ LEAN_PATHS: "on" }).leanPaths).toBe(true);
    expect(() => loadConfig({ LEAN_PATHS: "false" })).toThrow(/LEAN_PATHS="false": must be on or off/);
  });

  it("switches to an external issuer and derives the admin API from it", () => {
    const config = loadConfig({ OIDC_ISSUER: "https://sso.example/realms/default/" });
    expect(config.identity.mode).toBe("external");
    expect(config.identity.issuer).toBe("https://sso.example/realms/default");
    expect(config.identity.adminUrl).toBe("https://sso.example/admin/realms/default");
    expect(config.seedDemo).toBe(false);
  });

  it("names every bad variable with its rule", () => {
    try {
      loadConfig({ PORT: "80a", DATABASE_URL: "mysql://x", GAMESERVER_MODE: "cloud", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems.join("\n")).toMatch(/PORT="80a": must be a number/);
      expect(problems.join("\n")).toMatch(/DATABASE_URL="mysql:\/\/x": must be a postgres or postgresql URL/);
      expect(problems.join("\n")).toMatch(/GAMESERVER_MODE="cloud": must be local or registry/);
      expect(problems.join("\n")).toMatch(/LOG_LEVEL="loud"/);
    }
  });

  it("CORS_ORIGINS takes exact origins; PUBLIC_URL's own is always in; CHARACTERS_UNPAGED_MAX has a cap", () => {
    const config = loadConfig({ PUBLIC_URL: "https://sro.example", CORS_ORIGINS: "http://localhost:4200, https://admin.example" });
    expect(config.corsOrigins).toEqual(["https://sro.example", "http://localhost:4200", "https://admin.example"]);
    expect(config.charactersUnpagedMax).toBe(10_000);
    for (const bad of ["http://localhost:4200/", "https://x.example/app", "*", "ftp://x.example"]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS[.0-9]*=".*": must be a comma-separated list of origins/);
    }
    expect(() => loadConfig({ CHARACTERS_UNPAGED_MAX: "0" })).toThrow(/CHARACTERS_UNPAGED_MAX="0": must be at least 1/);
  });

  it("CHAT_STREAMS_PER_ACCOUNT: 50 by default, a whole number 1..100000", () => {
    expect(loadConfig({}).chatStreamsPerAccount).toBe(50);
    expect(loadConfig({ CHAT_STREAMS_PER_ACCOUNT: "7" }).chatStreamsPerAccount).toBe(7);
    expect(() => loadConfig({ CHAT_STREAMS_PER_ACCOUNT: "0" })).toThrow(/CHAT_STREAMS_PER_ACCOUNT="0": must be at least 1/);
    expect(() => loadConfig({ CHAT_STREAMS_PER_ACCOUNT: "2.5" })).toThrow(/CHAT_STREAMS_PER_ACCOUNT="2.5": must be an integer/);
    expect(() => loadConfig({ CHAT_STREAMS_PER_ACCOUNT: "many" })).toThrow(/CHAT_STREAMS_PER_ACCOUNT="many": must be a number/);
  });

  it("SECOND_FACTOR_GROUPS: every staff group unless demo accounts are on; none turns it off; paths only", () => {
    expect(loadConfig({}).secondFactor.groups).toEqual([]);
    expect(loadConfig({ SEED_DEMO: "false" }).secondFactor.groups).toEqual(["/Moderator", "/Moderator/Admin"]);
    expect(loadConfig({ OIDC_ISSUER: "https://sso.example.com/realms/sro" }).secondFactor).toEqual({
      groups: ["/Moderator", "/Moderator/Admin"],
      acrValues: ["2"],
    });
    expect(loadConfig({ SECOND_FACTOR_GROUPS: "/Moderator/Admin" }).secondFactor.groups).toEqual(["/Moderator/Admin"]);
    expect(loadConfig({ SEED_DEMO: "false", SECOND_FACTOR_GROUPS: "none" }).secondFactor.groups).toEqual([]);
    expect(loadConfig({ SECOND_FACTOR_ACR_VALUES: "gold,silver" }).secondFactor.acrValues).toEqual(["gold", "silver"]);
    expect(() => loadConfig({ SECOND_FACTOR_GROUPS: "Moderator" })).toThrow(
      /SECOND_FACTOR_GROUPS\S*="Moderator": must be a comma-separated list of group paths/,
    );
  });

  it("IDENTITY_EXTRA_REDIRECT_URIS takes exact URIs and Keycloak's trailing '/*' patterns, nothing else", () => {
    expect(loadConfig({ IDENTITY_EXTRA_REDIRECT_URIS: "https://app.example:4200/*, https://app.example/callback" }).identity.extraRedirectUris).toEqual([
      "https://app.example:4200/*",
      "https://app.example/callback",
    ]);
    for (const bad of ["https://*.example/*", "https://app.example/*/x", "*", "ftp://app.example/*"]) {
      expect(() => loadConfig({ IDENTITY_EXTRA_REDIRECT_URIS: bad }), bad).toThrow(
        /IDENTITY_EXTRA_REDIRECT_URIS[.0-9]*=".*": must be a comma-separated list of http\(s\) URLs or patterns ending in '\/\*'/,
      );
    }
  });

  // The timeout only guards against a server that starts instead of stopping; on a busy machine compiling main.ts
  // alone has outlasted a tighter guard, so it sits far above any honest run.
  it("stops the server with a clear message and a non-zero exit on bad values", { timeout: 240_000 }, () => {
    const main = fileURLToPath(new URL("../main.ts", import.meta.url));
    const result = spawnSync(process.execPath, ["--import", "tsx", main], {
      env: { ...process.env, PORT: "70000", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 200_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PORT="70000": must be 0..65535');
  });
});
