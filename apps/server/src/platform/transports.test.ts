import { getOption, type DescMethod, type DescService } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { http } from "../gen/google/api/annotations_pb.js";
import { CharacterService } from "../gen/sro/character/character_pb.js";
import { ChatService } from "../gen/sro/chat/chat_pb.js";
import { DimensionService, GameServerDataService, GameServerRegistryService, MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

const services: DescService[] = [CharacterService, ChatService, DimensionService, MapService, GameServerDataService, GameServerRegistryService];
const methods = services.flatMap((service) => service.methods.map((method) => ({ service, method })));

let t: TestServer;
const transports: Record<string, () => Transport> = {
  "gRPC (h2c)": () => createGrpcTransport({ baseUrl: t.url }),
  "gRPC-web": () => createGrpcWebTransport({ baseUrl: t.url, httpVersion: "1.1" }),
  "Connect (HTTP/1.1)": () => createConnectTransport({ baseUrl: t.url, httpVersion: "1.1" }),
  "Connect (HTTP/2)": () => createConnectTransport({ baseUrl: t.url, httpVersion: "2" }),
};

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

async function call(transport: Transport, service: DescService, method: DescMethod, token?: string): Promise<Code | "ok"> {
  const client = createClient(service, transport) as unknown as Record<string, (req: object, opts: object) => unknown>;
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  try {
    const result = client[method.localName]!({}, { headers });
    if (method.methodKind === "server_streaming") {
      for await (const _ of result as AsyncIterable<unknown>) break;
    } else await result;
    return "ok";
  } catch (error) {
    return ConnectError.from(error).code;
  }
}

function restRoute(method: DescMethod): { verb: string; path: string; body?: unknown } {
  const rule = getOption(method, http);
  if (!rule || rule.pattern.case === undefined || rule.pattern.case === "custom") throw new Error(`no http rule on ${method.name}`);
  // No query: without a token the call is refused before its query and body are read (credentials-first.ts),
  // so even a ban without its required `?duration=` answers 401.
  const path = rule.pattern.value.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
  // body "*" takes an object; body "<field>" the field's bare value (only AddCharacterPlayTime: a number).
  const body = rule.body === "" ? undefined : rule.body === "*" ? {} : 1;
  return { verb: rule.pattern.case.toUpperCase(), path, body };
}

describe.each(Object.keys(transports))("every rpc over %s", (name) => {
  it.each(methods.map((m) => [`${m.service.name}.${m.method.name}`, m] as const))("%s needs a token", async (_, { service, method }) => {
    expect(await call(transports[name]!(), service, method)).toBe(Code.Unauthenticated);
  });
});

describe("every rpc over REST", () => {
  it.each(methods.map((m) => [`${m.service.name}.${m.method.name}`, m] as const))("%s answers 401 at its path", async (_, { method }) => {
    const { verb, path, body } = restRoute(method);
    const res = await rest(t.url, verb, path, body === undefined ? {} : { body });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: 16, message: "authentication required: send a bearer token" });
  });
});

describe("bearer tokens", () => {
  const statusCall = (token?: string, header?: string) =>
    rest(t.url, "GET", "/v1/status/gameserver", header ? { headers: { authorization: header } } : { token });

  it("a valid token reaches the handler on every transport", async () => {
    for (const make of Object.values(transports)) {
      expect(await call(make(), GameServerDataService, GameServerDataService.method.getGameServerDetails, t.users.admin.token)).toBe("ok");
    }
    expect(await statusCall(t.users.admin.token)).toMatchObject({ status: 200, json: { count: -1 } });
  });

  it.each([
    ["missing", async () => statusCall(), "authentication required: send a bearer token"],
    ["not a bearer scheme", async () => statusCall(undefined, "Basic YWRtaW46YWRtaW4="), "authorization header must be 'Bearer <token>'"],
    ["malformed", async () => statusCall("not.a.jwt"), "token is malformed"],
    ["expired", async () => statusCall(await t.issuer.mint({ sub: "u1" }, { lifetimeSeconds: -120 })), "token expired"],
    ["not yet valid", async () => statusCall(await t.issuer.mint({ sub: "u1" }, { notBeforeSeconds: 300 })), 'token claim "nbf" is not valid'],
    [
      "from another issuer",
      async () => statusCall(await t.issuer.mint({ sub: "u1", iss: "http://evil.example/realms/default" })),
      'token claim "iss" is not valid',
    ],
    [
      "for another audience",
      async () => statusCall(await t.issuer.mint({ sub: "u1", aud: "other-api", azp: "other-client" })),
      "token audience is not accepted",
    ],
    ["signed by another key", async () => statusCall(await mintWithForeignKey()), "token signature is not valid"],
    ["alg none", async () => statusCall(unsignedToken()), "token algorithm is not allowed"],
    ["HS256 with the public key as secret", async () => statusCall(await hmacWithPublicKey()), "token algorithm is not allowed"],
  ])("%s → 401 UNAUTHENTICATED", async (_, send, message) => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: 16, message });
  });
});

async function mintWithForeignKey(): Promise<string> {
  const { generateKeyPair } = await import("jose");
  const { privateKey } = await generateKeyPair("RS256");
  return t.issuer.mint({ sub: "u1" }, { privateKey });
}

function unsignedToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: "none", typ: "JWT" })}.${encode({ iss: t.issuer.issuer, sub: "u1", aud: "sro-web", exp: now + 300, groups: ["/Moderator/Admin"] })}.`;
}

async function hmacWithPublicKey(): Promise<string> {
  const { SignJWT, importJWK, exportSPKI } = await import("jose");
  const publicKey = await importJWK(t.issuer.publicJwk, "RS256");
  const pem = await exportSPKI(publicKey as Parameters<typeof exportSPKI>[0]);
  return new SignJWT({ sub: "u1", groups: ["/Moderator/Admin"] })
    .setProtectedHeader({ alg: "HS256", kid: "test-key" })
    .setIssuer(t.issuer.issuer)
    .setAudience("sro-web")
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(pem));
}
