/** One line of the chat as the view shows it. */
export interface ChatLine {
  /**
   * The message id (sender, time and text from a server that sends no ids): a resumed stream may repeat a message
   * the view already has (once live, once from the store), and this skips the repeat.
   */
  key: string;
  /** The stored message's id ('' from an older server): deletion and reports name it. */
  id: string;
  senderId: string;
  /** The sender's character name as the server sent it ('' when unknown). */
  senderName: string;
  content: string;
  sentTimeMs: number;
  /** The sender's own message a rule held for review (held-notices.ts), not yet delivered to the channel. */
  held?: { id: string; state: 'held' | 'denied'; reason: string };
}
