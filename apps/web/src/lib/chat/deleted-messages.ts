/**
 * Live views and deletions: a stream that asked for notices gets ChatMessage.notice.deleted_message_ids
 * when a moderator deletes messages; the view drops those lines. Kept apart from other notice kinds.
 */

/** The ids a stream event says were deleted, or undefined when it is not a deletion notice. */
export function deletedIdsOf(message: { notice?: { deletedMessageIds?: readonly string[] } }): readonly string[] | undefined {
  const ids = message.notice?.deletedMessageIds;
  return ids && ids.length > 0 ? ids : undefined;
}

/** The lines without the deleted ones (the same array when none of them is shown). */
export function withoutDeleted<T extends { id: string }>(lines: readonly T[], ids: readonly string[]): readonly T[] {
  const gone = new Set(ids);
  return lines.some((l) => l.id !== '' && gone.has(l.id)) ? lines.filter((l) => l.id === '' || !gone.has(l.id)) : lines;
}
