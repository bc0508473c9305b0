import { credentials, Client, Metadata, status, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";
import { startTestIssuer, type TestIssuer } from "../test/test-issuer.js";
import { metricsText, startTestServer, type TestServer } from "../test/test-server.js";

/**
 * An external identity provider out of reach (a TCP relay in front of it, cut, then restored) while its signing keys
 * are not yet known here: a valid token cannot be checked, which is the provider's fault, not the caller's. Each
 * transport answers UNAVAILABLE (a client retries) instead of UNAUTHENTICATED (a client signs its user out), and the
 * same token passes once the provider is back.
 */
describe("identity provider out of reach", () => {
  let provider: TestIssuer;
  let relay: TcpProxy;
  let t: TestServer;
  let grpc: Client;
  let token: string;
  beforeAll(async () => {
    provider = await startTestIssuer();
    const direct = new URL(provider.issuer);
    relay = await startTcpProxy(direct.hostname, Number(direct.port));
    relay.cut();
    const issuer = `http://127.0.0.1:${relay.port}${direct.pathname}`;
    t = await startTestServer({ env: { OIDC_ISSUER: issuer } });
    token = await provider.mint({ iss: issuer, sub: "5e1d0000-0000-4000-8000-00000000a001", groups: ["/Moderator/Admin"], amr: ["pwd", "otp"] });
    grpc = new Client(new URL(t.url).host, credentials.createInsecure());
  });
  afterAll(async () => {
    grpc?.close();
    await t?.close();
    await relay?.close();
    await provider?.close();
  });

  const connect = (method: string, body: string) =>
    fetch(`${t.url}/sro.gameserver.MapService/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body,
    });
  const rest = () => fetch(`${t.url}/v1/maps`, { headers: { authorization: `Bearer ${token}` } });
  const grpcGetMaps = () =>
    new Promise<ServiceError | undefined>((resolve) => {
      const metadata = new Metadata();
      metadata.set("authorization", `Bearer ${token}`);
      grpc.makeUnaryRequest(
        "/sro.gameserver.MapService/GetMaps",
        (m: Buffer) => m,
        (b: Buffer) => b,
        Buffer.alloc(0),
        metadata,
        (error) => resolve(error ?? undefined),
      );
    });

  it("answers UNAVAILABLE on Connect (both paths), REST and gRPC, then serves the same token once it is back", async () => {
    const message = "identity provider unavailable, try again";
    for (const answer of [await connect("GetMaps", "{}"), await connect("CreateMap", '{"name":"Down"}')]) {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ code: "unavailable", message });
    }
    const restAnswer = await rest();
    expect(restAnswer.status).toBe(503);
    expect(await restAnswer.json()).toMatchObject({ code: status.UNAVAILABLE, message });
    expect(await grpcGetMaps()).toMatchObject({ code: status.UNAVAILABLE, details: message });
    expect(await metricsText(t.url)).toMatch(/sro_rpc_total\{[^}]*code="Unavailable"[^}]*\} [1-9]/);

    relay.restore();
    expect((await connect("GetMaps", "{}")).status).toBe(200);
    expect((await rest()).status).toBe(200);
    expect(await grpcGetMaps()).toBeUndefined();
  });
});
