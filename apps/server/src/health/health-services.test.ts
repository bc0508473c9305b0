import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { Health, HealthCheckResponse_ServingStatus as Status } from "../gen/grpc/health/v1/health_pb.js";
import { HealthService } from "../gen/sro/health_pb.js";
import type { ReadinessReport } from "../platform/readiness.js";
import { createHealthServices } from "./health-services.js";

/** The health services' verdicts from a readiness report (the checks themselves: /readyz's tests and compat/game-contract). */
function clients(report: () => ReadinessReport) {
  const services = createHealthServices({ readiness: async () => report(), served: new Set(["sro.chat.ChatService"]), watchIntervalMs: 1 });
  const transport = createRouterTransport((router) => {
    router.service(HealthService, services.health);
    router.service(Health, services.grpcHealth);
  });
  return { sro: createClient(HealthService, transport), grpc: createClient(Health, transport) };
}

describe("health services", () => {
  it("answer NOT_SERVING when a check fails, SERVING when all pass", async () => {
    let ready = false;
    const { sro, grpc } = clients(() => ({ ready, checks: { database: ready ? "ok" : "unavailable" } }));
    expect((await sro.health({})).status).toBe("NOT_SERVING");
    expect((await grpc.check({})).status).toBe(Status.NOT_SERVING);
    ready = true;
    expect((await sro.health({})).status).toBe("SERVING");
    expect((await grpc.check({ service: "sro.chat.ChatService" })).status).toBe(Status.SERVING);
  });

  it("Watch sends the status, then each change; an unknown service is SERVICE_UNKNOWN on Watch, NOT_FOUND on Check", async () => {
    let ready = true;
    const { grpc } = clients(() => ({ ready, checks: {} }));
    const seen: Status[] = [];
    for await (const message of grpc.watch({})) {
      seen.push(message.status);
      if (seen.length === 1) ready = false;
      // Leaving the loop hangs up: the server's watch ends.
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([Status.SERVING, Status.NOT_SERVING]);
    const unknown: Status[] = [];
    for await (const message of grpc.watch({ service: "nope.Service" })) unknown.push(message.status);
    expect(unknown).toEqual([Status.SERVICE_UNKNOWN]);
    const error = await grpc.check({ service: "nope.Service" }).catch((e: unknown) => ConnectError.from(e));
    expect(error).toMatchObject({ code: Code.NotFound });
  });
});
