import { randomUUID } from "node:crypto";
import { Code, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { startServerProcess, type ServerProcess } from "../test/server-process.js";
import { startTestIssuer, type TestIssuer } from "../test/test-issuer.js";
import { createTestDatabase } from "../test/test-server.js";
import { openDatabase, type Database } from "./db/database.js";

const natsUrl = process.env.NATS_URL;

const databaseUrl = process.env.DATABASE_URL;

/**
 * Two server PROCESSES sharing PostgreSQL and NATS, started together (migrations under the advisory lock),
 * stopped with a real SIGTERM. Runs when DATABASE_URL and NATS_URL are set.
 */
describe.skipIf(!natsUrl || !databaseUrl)("two nodes as processes", () => {
  let issuer: TestIssuer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: ServerProcess, b: ServerProcess;
  let store: Database;
  const admin = { sub: randomUUID(), token: "" };
  const player = { sub: randomUUID(), token: "" };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, NATS_URL: natsUrl!, OIDC_ISSUER: issuer.issuer, SEED_DEMO: "false" };
    // Both nodes migrate the empty database at the same moment.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    store = await openDatabase({ url: database.url, dataDir: "" });
    admin.token = await issuer.mint(
      { sub: admin.sub, preferred_username: "admin", groups: ["/Moderator/Admin"], amr: ["pwd", "otp"] },
      { lifetimeSeconds: 600 },
    );
    player.token = await issuer.mint({ sub: player.sub, preferred_username: "player", groups: ["/Player/Member"] }, { lifetimeSeconds: 600 });
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await store?.close();
    await database?.drop();
    await issuer?.close();
  });

  it("an edit through A is read through B", async () => {
    const channelId = await insertChannel(store.db, { public: true });
    await chatClient(a.url, admin.token).editChatChannel({ channelId, name: "Renamed on A", public: false });
    const seen = await chatClient(b.url, admin.token).getChatChannel({ id: channelId });
    expect(seen).toMatchObject({ id: channelId, name: "Renamed on A", public: false });
  });

  it("B's cached map and dimension lists follow writes through A and writes by scripts", async () => {
    const maps = (url: string) => createClient(MapService, createConnectTransport({ baseUrl: url, httpVersion: "1.1" }));
    const headers = { authorization: `Bearer ${admin.token}` };
    const namesOnB = async () => (await maps(b.url).getMaps({}, { headers })).maps.map((m) => m.name);
    expect(await namesOnB()).not.toContain("Cached on B"); // B now holds the list in memory
    const created = await maps(a.url).createMap({ name: "Cached on B", mapPath: "/maps/cached.umap" }, { headers });
    // Notices between nodes are asynchronous: a few milliseconds here; the limit only catches one that never comes.
    const within = { timeout: 15_000, interval: 20 };
    await vi.waitFor(async () => expect(await namesOnB(), "B to see A's new map").toContain("Cached on B"), within);
    await store.db.execute(sql`UPDATE maps SET name = 'Renamed by a script' WHERE id = ${created.id}`);
    await vi.waitFor(async () => expect(await namesOnB(), "B to see the script's rename").toContain("Renamed by a script"), within);
    await maps(a.url).deleteMap({ id: created.id }, { headers });
    await vi.waitFor(async () => expect(await namesOnB(), "B to see A's delete").not.toContain("Renamed by a script"), within);
  });

  it("SIGTERM ends A's streams with UNAVAILABLE, A exits 0, and the client receives through B within 2 s", async () => {
    const dimensionId = await insertDimension(store.db);
    const channelId = await insertChannel(store.db, { public: true });
    const speaker = await insertCharacter(store.db, admin.sub, dimensionId);
    const listener = await insertCharacter(store.db, player.sub, dimensionId);
    const onA = new StreamReader(chatClient(a.url, player.token).connectChatChannel({ channelId, characterId: listener, history: true }));
    await chatClient(b.url, admin.token).sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: speaker, content: "before" } });
    await onA.waitFor(1);

    const killedAt = Date.now();
    const exitCode = a.stop();
    const ended = await onA.ended;
    expect(ended?.code).toBe(Code.Unavailable);
    // The client reconnects; the load balancer now only has B.
    const onB = new StreamReader(chatClient(b.url, player.token).connectChatChannel({ channelId, characterId: listener, history: true }));
    await onB.waitFor(1); // history: "before"
    await chatClient(b.url, admin.token).sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: speaker, content: "after" } });
    const messages = await onB.waitFor(2);
    expect(messages.at(-1)?.content).toBe("after");
    expect(Date.now() - killedAt).toBeLessThan(2_000);
    expect(await exitCode).toBe(0);
  });
});
