import type { HandlerContext } from "@connectrpc/connect";
import { callerOf, requestIdKey, sourceAddressKey } from "../platform/auth/caller.js";
import type { AuditActor } from "./audit-trail.js";

/** Who made an rpc's write: the verified caller, the request id and the client's address (set in app.ts). */
export function auditActorOf(ctx: HandlerContext): AuditActor {
  const caller = callerOf(ctx);
  return { id: caller.sub, name: caller.username, requestId: ctx.values.get(requestIdKey), sourceAddress: ctx.values.get(sourceAddressKey) };
}
