import { setTimeout as sleep } from "node:timers/promises";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { HealthCheckResponse_ServingStatus as Status, HealthCheckResponseSchema, type Health } from "../gen/grpc/health/v1/health_pb.js";
import { HealthMessageSchema, type HealthService } from "../gen/sro/health_pb.js";
import type { Readiness } from "../platform/readiness.js";

/** How often an open Watch re-runs the checks; it sends only changes. */
export const WATCH_INTERVAL_MS = 5_000;

export interface HealthDeps {
  readiness: Readiness;
  /** The fully qualified names of the services this server speaks ("sro.chat.ChatService"). */
  served: ReadonlySet<string>;
  watchIntervalMs?: number;
}

/**
 * sro.HealthService and grpc.health.v1.Health: public (no token, permissions.ts), answering from the same checks as
 * /readyz, so a load balancer, a Kubernetes gRPC probe and the game's own tooling all see one verdict.
 */
export function createHealthServices(deps: HealthDeps) {
  const status = async () => ((await deps.readiness()).ready ? Status.SERVING : Status.NOT_SERVING);
  const known = (service: string) => service === "" || deps.served.has(service);

  const health: ServiceImpl<typeof HealthService> = {
    async health() {
      return create(HealthMessageSchema, { status: Status[await status()] });
    },
  };

  const grpcHealth: ServiceImpl<typeof Health> = {
    async check(req) {
      if (!known(req.service)) throw new ConnectError(`service: "${req.service}" is not served here`, Code.NotFound);
      return create(HealthCheckResponseSchema, { status: await status() });
    },
    async *watch(req, ctx: HandlerContext) {
      if (!known(req.service)) {
        yield create(HealthCheckResponseSchema, { status: Status.SERVICE_UNKNOWN });
        return;
      }
      let last: Status | undefined;
      while (!ctx.signal.aborted) {
        const now = await status();
        if (now !== last) yield create(HealthCheckResponseSchema, { status: now });
        last = now;
        await sleep(deps.watchIntervalMs ?? WATCH_INTERVAL_MS, undefined, { signal: ctx.signal }).catch(() => {});
      }
    },
  };

  return { health, grpcHealth };
}
