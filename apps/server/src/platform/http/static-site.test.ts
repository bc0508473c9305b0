import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticSite } from "./static-site.js";

let dist: string;
let server: Server;
let base: string;
const script = "console.log('hello');".repeat(100);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "sro-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>SRO</title>");
  writeFileSync(join(dist, "assets/app-1234.js"), script);
  writeFileSync(join(dist, "assets/app-1234.js.br"), brotliCompressSync(script));
  const site = createStaticSite(dist);
  server = createServer((req, res) => site(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the built SPA", () => {
  it("answers deep links with index.html (history fallback)", async () => {
    const res = await fetch(`${base}/admin/characters/abc/edit`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>SRO</title>");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("sends the precompressed build to browsers that accept it, hashed assets cached for good", async () => {
    const res = await fetch(`${base}/assets/app-1234.js`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(script); // fetch decodes it
  });
});
