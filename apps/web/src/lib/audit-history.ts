/** The audit log filtered to one entity: '/admin/audit?target_type=map&target_id=…' (each detail page links it). */
export function auditHistoryHref(targetType: string, targetId: string): string {
  return `/admin/audit?${new URLSearchParams({ target_type: targetType, target_id: targetId }).toString()}`;
}
