import { create } from "@bufbuild/protobuf";
import type { HandlerContext, ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import { appendAudit } from "../audit/audit-trail.js";
import { ResetBusResponseSchema, type BusService, type BusTarget } from "../gen/sro/bus_pb.js";
import type { Db } from "../platform/db/database.js";
import { cacheTargetsOf, resetMessage, type CacheTarget } from "./cache-targets.js";

export interface BusServiceDeps {
  db: Db;
  /** Tells every node (this one too) to drop its copies of these targets; resolves once every node will hear it. */
  resetEverywhere: (targets: CacheTarget[]) => Promise<void>;
}

/**
 * The original services' BusService (sro.BusService), for their admin client's Settings page. The original had
 * a message bus per kind of data, read and written by separate services; here every node reads and writes the same
 * data, so a reader and a writer reset mean the same: every node drops its cached copies of the target and reads
 * the database afresh on the next call (docs/game-services.md "Cache reset"). Admins only; each reset is audited.
 */
export function createBusService(deps: BusServiceDeps): ServiceImpl<typeof BusService> {
  const reset = async (req: BusTarget, ctx: HandlerContext, side: "reader" | "writer") => {
    const targets = cacheTargetsOf(req.type);
    await deps.resetEverywhere(targets);
    await deps.db.transaction((tx) =>
      appendAudit(tx, auditActorOf(ctx), { action: `bus.reset-${side}`, targetType: "bus", targetId: req.type === "" ? "all" : req.type, after: { targets } }),
    );
    return create(ResetBusResponseSchema, { message: resetMessage(targets) });
  };
  return {
    resetReaderBus: (req, ctx) => reset(req, ctx, "reader"),
    resetWriterBus: (req, ctx) => reset(req, ctx, "writer"),
  };
}
