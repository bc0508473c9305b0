import { create } from "@bufbuild/protobuf";
import { QueueClaimSchema, TriagePriority, TriageSchema } from "../gen/sro/moderation/triage_pb.js";
import { liveClaim, type Priority, type Triaged } from "./triage-rules.js";

/** Triage's wire form (proto sro/moderation/triage.proto), shared by the reports and appeals queues. */

export const priorityToProto: Readonly<Record<Priority, TriagePriority>> = {
  urgent: TriagePriority.URGENT,
  high: TriagePriority.HIGH,
  normal: TriagePriority.NORMAL,
  low: TriagePriority.LOW,
};

export const triageMessage = (t: Triaged | undefined) =>
  t && create(TriageSchema, { priority: priorityToProto[t.priority], reasons: t.reasons, dueAtMs: BigInt(t.dueAtMs), late: t.late });

export function claimMessage(c: { claimedById: string; claimedByName: string; claimedAtMs: number | null }, nowMs: number) {
  const live = liveClaim({ holderId: c.claimedById, holderName: c.claimedByName, claimedAtMs: c.claimedAtMs }, nowMs);
  return (
    live &&
    create(QueueClaimSchema, {
      holderId: live.holderId,
      holderName: live.holderName,
      claimedAtMs: BigInt(live.claimedAtMs),
      lapsesAtMs: BigInt(live.lapsesAtMs),
    })
  );
}
