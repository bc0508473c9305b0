/** The audit log filtered to one entity, below its area: 'audit?target_type=map&target_id=…' (each detail page links it). */
export function auditHistoryPath(targetType: string, targetId: string): string {
  return `audit?${new URLSearchParams({ target_type: targetType, target_id: targetId }).toString()}`;
}

/** The same in the admin console. */
export function auditHistoryHref(targetType: string, targetId: string): string {
  return `/admin/${auditHistoryPath(targetType, targetId)}`;
}
