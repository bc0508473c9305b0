import http2 from "node:http2";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/** An unknown method answers in the caller's protocol (UNIMPLEMENTED), never as a bare HTTP 404. */
describe("unknown methods", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  const paths = ["/sro.gameserver.MapService/NoSuchMethod", "/sro.nothing.NoService/Call", "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo"];

  it.each(paths)("gRPC over HTTP/2 %s: grpc-status 12 in the trailers", async (path) => {
    const session = http2.connect(t.url);
    try {
      const stream = session.request({ ":method": "POST", ":path": path, "content-type": "application/grpc", te: "trailers" });
      stream.end(Buffer.alloc(5));
      const headers = new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("response", resolve));
      const trailers = new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("trailers", resolve));
      stream.resume();
      expect((await headers)[":status"]).toBe(200);
      expect((await headers)["content-type"]).toBe("application/grpc");
      expect((await trailers)["grpc-status"]).toBe(String(Code.Unimplemented));
      expect((await trailers)["grpc-message"]).toBe(`${path} is not implemented`);
    } finally {
      session.destroy();
    }
  });

  it.each([
    ["application/grpc-web+proto", "application/grpc-web+proto"],
    ["application/grpc-web-text", "application/grpc-web-text+proto"],
  ])("gRPC-web (%s): grpc-status 12 in the headers", async (contentType, responseType) => {
    const res = await fetch(t.url + paths[0], { method: "POST", headers: { "content-type": contentType, "x-grpc-web": "1" }, body: "AAAAAAA=" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(responseType);
    expect(res.headers.get("grpc-status")).toBe(String(Code.Unimplemented));
    expect(res.headers.get("grpc-message")).toBe(`${paths[0]} is not implemented`);
  });

  it("Connect unary: its unimplemented error JSON with HTTP 501", async () => {
    const res = await fetch(t.url + paths[0], { method: "POST", headers: { "content-type": "application/json", "connect-protocol-version": "1" }, body: "{}" });
    expect(res.status).toBe(501);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ code: "unimplemented", message: `${paths[0]} is not implemented` });
  });

  it("Connect streaming: an end-stream message carrying the error", async () => {
    const res = await fetch(t.url + paths[0], {
      method: "POST",
      headers: { "content-type": "application/connect+json" },
      body: Buffer.from([0, 0, 0, 0, 2, 0x7b, 0x7d]),
    });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body[0]).toBe(2);
    expect(JSON.parse(body.subarray(5).toString())).toEqual({ error: { code: "unimplemented", message: `${paths[0]} is not implemented` } });
  });
});
