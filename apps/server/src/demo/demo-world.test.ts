import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";
import { rest } from "../test/rest-client.js";
import { startServerProcess, type ServerProcess } from "../test/server-process.js";
import { demoWorldEnvironment } from "./demo-world-settings.js";

describe("the demo game world's settings", () => {
  it("is on by default in the demo: registry mode and a random game-server secret of 16+ characters", () => {
    const env = demoWorldEnvironment({});
    expect(env).toMatchObject({ DEMO_PLAYERS: "true", GAMESERVER_MODE: "registry" });
    expect(env.GAMESERVER_CLIENT_SECRET!.length).toBeGreaterThanOrEqual(16);
    expect(demoWorldEnvironment({}).GAMESERVER_CLIENT_SECRET).not.toBe(env.GAMESERVER_CLIENT_SECRET);
  });

  it("keeps a secret that is set", () => {
    expect(demoWorldEnvironment({ GAMESERVER_CLIENT_SECRET: "a-secret-of-the-operator" }).GAMESERVER_CLIENT_SECRET).toBe("a-secret-of-the-operator");
  });

  it.each([
    ["DEMO_PLAYERS=false", { DEMO_PLAYERS: "false" }],
    ["SEED_DEMO=false", { SEED_DEMO: "false" }],
    ["an external issuer", { OIDC_ISSUER: "https://sso.example/realms/default" }],
    ["GAMESERVER_MODE=local", { GAMESERVER_MODE: "local" }],
    ["NODE_ENV=production (the image)", { NODE_ENV: "production", SEED_DEMO: "true" }],
  ])("stays off with %s, changing nothing", (_, env) => {
    expect(demoWorldEnvironment(env)).toEqual(env);
  });
});

/** `npm start`'s entry with nothing configured: the demo world comes up with the server and goes with it. */
describe("the demo game world under npm start", () => {
  let server: ServerProcess;
  let adminToken: string;
  beforeAll(async () => {
    // Unset: what `npm start` sees with no configuration (the process helper turns the world off otherwise).
    server = await startServerProcess({ DEMO_PLAYERS: "", SEED_DEMO: "", GAMESERVER_MODE: "", GAMESERVER_CLIENT_SECRET: "" }, "source", {
      readyWithinMs: 180_000,
    });
    const issuer = `${server.publicUrl}/realms/default`;
    adminToken = (await signIn(new TestBrowser(), { issuer, redirectUri: `${server.publicUrl}/`, username: "admin", password: "admin" })).access_token;
  }, 200_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("shows demo players online on reference game servers, and stops cleanly with the server", async () => {
    // The world starts right after the server is ready: wait until its players have joined.
    const online = await vi.waitFor(
      async () => {
        const answer = await rest(server.url, "GET", "/v1/online-players", { token: adminToken });
        expect(answer.status).toBe(200);
        expect(answer.json.total).toBe(6);
        return answer.json as { servers: { serverAddress: string; players?: number }[]; players: { characterName: string }[] };
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(online.servers).toHaveLength(5);
    expect(online.players.map((p) => p.characterName).sort()).toEqual([
      "Dex Halcyon",
      "Ivy Backdoor",
      "Lyra Proxy",
      "Mara Static",
      "Nova Blackwire",
      "Rook Daemon",
    ]);

    expect(await server.stop()).toBe(0);
    // Nothing of the world outlives the server: its game servers' ports no longer answer.
    for (const { serverAddress } of online.servers) {
      const port = Number(serverAddress.split(":").pop());
      const refused = await new Promise<boolean>((resolve) => {
        const probe = connect(port, "127.0.0.1");
        probe.once("connect", () => (probe.destroy(), resolve(false)));
        probe.once("error", () => resolve(true));
      });
      expect(refused, serverAddress).toBe(true);
    }
  }, 120_000);
});
