import type { AuditRecord } from '../../gen/sro/moderation/audit_pb';

/**
 * An audit record as a plain object: the query cache is persisted as JSON, which holds neither the int64 (bigint)
 * time nor the generated message's type tag.
 */
export interface AuditEntry {
  id: string;
  /** Unix milliseconds. */
  timeMs: number;
  /** Empty: the system. */
  actorId: string;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  beforeJson: string;
  afterJson: string;
  requestId: string;
  sourceAddress: string;
}

export function toAuditEntry(r: AuditRecord): AuditEntry {
  return {
    id: r.id,
    timeMs: Number(r.timeMs),
    actorId: r.actorId,
    actorName: r.actorName,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    beforeJson: r.beforeJson,
    afterJson: r.afterJson,
    requestId: r.requestId,
    sourceAddress: r.sourceAddress,
  };
}

/** 'Ada Admin', else the bare id, else 'System' (no actor id: a write the server made itself). */
export function actorLabel(entry: Pick<AuditEntry, 'actorId' | 'actorName'>): string {
  return entry.actorName || entry.actorId || 'System';
}
