import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ChatService } from "../gen/sro/chat/chat_pb.js";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";
import { createTestDatabase, startTestServer, type TestServer } from "../test/test-server.js";

// PostgreSQL going away under load (simulated by cutting a TCP relay in front of it): calls fail with UNAVAILABLE,
// never INTERNAL, the process stays up, service resumes by itself, and no acknowledged write is lost.
const enabled = Boolean(process.env.DATABASE_URL);

describe.runIf(enabled)("PostgreSQL outage under load", () => {
  let proxy: TcpProxy;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const real = new URL(database.url);
    proxy = await startTcpProxy(real.hostname, Number(real.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    t = await startTestServer({ env: { DATABASE_URL: viaProxy.toString() } });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("answers UNAVAILABLE while the database is down and recovers without losing acknowledged writes", async () => {
    const client = createClient(ChatService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1" }));
    const headers = { authorization: `Bearer ${t.users.admin.token}` };
    const acknowledged: string[] = [];
    const codes = new Map<string, number>();
    const count = (code: string) => codes.set(code, (codes.get(code) ?? 0) + 1);
    let stop = false;
    let sequence = 0;
    const worker = async (id: number) => {
      while (!stop) {
        const name = `Fault ${id}-${sequence++}`;
        try {
          await client.createChatChannel({ name, public: true }, { headers, timeoutMs: 10_000 });
          acknowledged.push(name);
          count("ok");
        } catch (error) {
          count(Code[ConnectError.from(error).code]);
        }
        // Pacing, not waiting: 8 callers at ~200 calls/s each rather than a busy loop of instant failures.
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const workers = Array.from({ length: 8 }, (_, i) => worker(i));
    const ok = () => codes.get("ok") ?? 0;
    // Under load first, then down until calls fail and /readyz says so, then up until writes succeed again.
    await vi.waitFor(() => expect(ok()).toBeGreaterThanOrEqual(16), { timeout: 10_000, interval: 20 });
    proxy.cut();
    await vi.waitFor(
      async () => {
        const readyWhileDown = await fetch(`${t.url}/readyz`);
        expect(readyWhileDown.status).toBe(503);
        expect(await readyWhileDown.json()).toMatchObject({ checks: { database: "unavailable" } });
      },
      { timeout: 10_000, interval: 50 },
    );
    await vi.waitFor(() => expect(codes.get("Unavailable") ?? 0).toBeGreaterThanOrEqual(8), { timeout: 10_000, interval: 20 });
    proxy.restore();
    const okBeforeRestore = ok();
    await vi.waitFor(() => expect(ok()).toBeGreaterThanOrEqual(okBeforeRestore + 16), { timeout: 15_000, interval: 20 });
    stop = true;
    await Promise.all(workers);

    expect(codes.get("Unavailable") ?? 0).toBeGreaterThan(0);
    expect([...codes.keys()].sort()).toEqual(["Unavailable", "ok"]);
    // Recovered on its own.
    await expect(client.createChatChannel({ name: "After the outage", public: true }, { headers })).resolves.toBeDefined();
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    // Nothing acknowledged was lost.
    const { channels } = await client.getChatChannels({}, { headers });
    const stored = new Set(channels.map((c) => c.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});
