import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateMapRequestSchema, MapsSchema, MapSchema } from "../../gen/sro/gameserver/gameserver_pb.js";
import { TargetIdSchema } from "../../gen/sro/common_pb.js";
import { MISSING_ID } from "../../test/game-fixtures.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { specPercentEncode } from "./grpc-message.js";

/** The wire of gRPC-web's text mode, byte for byte (the protobuf-ts suite in src/compat shows a real client). */
describe("gRPC-web text mode on the wire", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  const envelope = (bytes: Uint8Array, flag = 0) => {
    const out = Buffer.alloc(5 + bytes.length);
    out[0] = flag;
    out.writeUInt32BE(bytes.length, 1);
    out.set(bytes, 5);
    return out;
  };

  /** Splits a decoded gRPC-web body into its frames. */
  function frames(body: Buffer): { flag: number; data: Buffer }[] {
    const out: { flag: number; data: Buffer }[] = [];
    for (let at = 0; at < body.length;) {
      const length = body.readUInt32BE(at + 1);
      out.push({ flag: body[at]!, data: body.subarray(at + 5, at + 5 + length) });
      at += 5 + length;
    }
    return out;
  }

  /** Decodes padded base64 groups one after another, as grpc-web clients do. */
  const decodeChunks = (text: string) => Buffer.concat((text.match(/[A-Za-z0-9+/]*={0,2}/g) ?? []).filter(Boolean).map((run) => Buffer.from(run, "base64")));

  const post = (path: string, body: string, contentType = "application/grpc-web-text", token = t.users.admin.token) =>
    fetch(t.url + path, {
      method: "POST",
      headers: { "content-type": contentType, accept: "application/grpc-web-text", "x-grpc-web": "1", authorization: `Bearer ${token}` },
      body,
    });

  it.each(["application/grpc-web-text", "application/grpc-web-text+proto"])("%s: base64 request, base64 response with the trailers frame", async (type) => {
    const res = await post("/sro.gameserver.MapService/GetMaps", envelope(toBinary(EmptySchema, create(EmptySchema))).toString("base64"), type);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/grpc-web-text+proto");
    const text = await res.text();
    expect(text).toMatch(/^[A-Za-z0-9+/=]+$/);
    const [message, trailer] = frames(decodeChunks(text));
    expect(fromBinary(MapsSchema, message!.data).maps).toEqual([]);
    expect(trailer!.flag).toBe(0x80);
    expect(trailer!.data.toString()).toMatch(/grpc-status: ?0\r\n/);
  });

  it("errors travel in the encoded trailers, grpc-message percent-encoded as the gRPC spec says", async () => {
    const res = await post(
      "/sro.gameserver.MapService/GetMap",
      envelope(toBinary(TargetIdSchema, create(TargetIdSchema, { id: MISSING_ID }))).toString("base64"),
    );
    const [trailer] = frames(decodeChunks(await res.text()));
    const fields = Object.fromEntries(
      trailer!.data
        .toString()
        .trim()
        .split("\r\n")
        .map((line) => line.split(/: ?/, 2) as [string, string]),
    );
    expect(fields["grpc-status"]).toBe(String(Code.NotFound));
    expect(fields["grpc-message"]).not.toMatch(/%20/);
    expect(fields["grpc-message"]).toBe("map not found");
  });

  it("accepts a request split into padded groups and whitespace", async () => {
    const frame = envelope(toBinary(CreateMapRequestSchema, create(CreateMapRequestSchema, { name: "Split Map", mapPath: "/Game/Maps/Split" })));
    const body = `${frame.subarray(0, 4).toString("base64")}\n${frame.subarray(4).toString("base64")}`;
    const res = await post("/sro.gameserver.MapService/CreateMap", body);
    const [message] = frames(decodeChunks(await res.text()));
    expect(fromBinary(MapSchema, message!.data)).toMatchObject({ name: "Split Map", mapPath: "/Game/Maps/Split" });
  });

  it("a body that is not base64 fails the call with INVALID_ARGUMENT, not a 5xx", async () => {
    const res = await post("/sro.gameserver.MapService/GetMaps", "not base64!");
    expect(res.status).toBe(200);
    const text = await res.text();
    const fields = frames(decodeChunks(text)).at(-1)!.data.toString();
    expect(fields).toMatch(new RegExp(`grpc-status: ?${Code.InvalidArgument}\\r\\n`));
    expect(fields).toMatch(/not base64/);
  });
});

describe("specPercentEncode", () => {
  it("leaves printable ASCII, encodes %, control characters and non-ASCII as UTF-8 bytes", () => {
    expect(specPercentEncode("not found: map 'x' (100%)\n✓")).toBe("not found: map 'x' (100%25)%0A%E2%9C%93");
  });
});
