/** A message's local time: the clock time for today's messages, date and time for older ones. */
export function formatMessageTime(sentTimeMs: number, nowMs: number = Date.now()): string {
  const sent = new Date(sentTimeMs);
  const sameDay = sent.toDateString() === new Date(nowMs).toDateString();
  return sameDay
    ? sent.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : sent.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}
