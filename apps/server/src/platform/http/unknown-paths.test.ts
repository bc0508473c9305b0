import { create, type DescMethodUnary } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { credentials, Client, status, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MapService } from "../../gen/sro/gameserver/gameserver_pb.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/**
 * Only GET and HEAD of a page route get the SPA. Any other method on a path nobody owns is a 404; an rpc-shaped
 * path (/<package>.<Service>/<Method>) answers UNIMPLEMENTED in the caller's protocol, never index.html with 200
 * (which a Connect or gRPC client reports as "unexpected content type text/html").
 */
describe("unknown paths and methods", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it.each(["POST", "PUT", "DELETE", "PATCH"])("%s to a page route or an unknown path: 404 JSON, not the SPA", async (method) => {
    for (const path of ["/admin/characters", "/no/such/thing", "/app-config.json", "/realms/default/no-such-page"]) {
      const res = await fetch(t.url + path, { method, headers: { "content-type": "application/json" }, body: "{}" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toBe("application/json");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(await res.json(), path).toEqual({ error: "not found", message: `${method} ${path}: no such route (pages answer GET and HEAD only)` });
    }
  });

  it("GET and HEAD of a page route still get the SPA", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await fetch(`${t.url}/admin/characters`, { method });
      expect(res.status, method).toBe(200);
      expect(res.headers.get("content-type"), method).toMatch(/^text\/html/);
    }
  });

  it("a Connect client calling a service nobody serves hears UNIMPLEMENTED", async () => {
    // A method of a service this server does not have: MapService.GetMaps' messages under another package's name.
    const real = MapService.method.getMaps as DescMethodUnary;
    const ghost = { ...real, name: "Call", parent: { ...real.parent, typeName: "acme.v1.Ghost" } } as DescMethodUnary;
    for (const useBinaryFormat of [false, true]) {
      const transport = createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", useBinaryFormat });
      const error = await transport.unary(ghost, undefined, undefined, undefined, create(real.input)).then(
        () => undefined,
        (e: unknown) => ConnectError.from(e),
      );
      expect(error?.code, `binary ${useBinaryFormat}`).toBe(Code.Unimplemented);
      expect(error?.rawMessage).toBe("/acme.v1.Ghost/Call is not implemented");
    }
  });

  it("a grpc-js client calling a service nobody serves hears UNIMPLEMENTED", async () => {
    const client = new Client(new URL(t.url).host, credentials.createInsecure());
    try {
      const error = await new Promise<ServiceError | null>((resolve) =>
        client.makeUnaryRequest(
          "/acme.v1.Ghost/Call",
          (value: Buffer) => value,
          (value: Buffer) => value,
          Buffer.alloc(0),
          (e) => resolve(e),
        ),
      );
      expect(error?.code).toBe(status.UNIMPLEMENTED);
    } finally {
      client.close();
    }
  });

  it("/healthz and /readyz are never cached nor sniffed", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const res = await fetch(t.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("application/json");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });
});
