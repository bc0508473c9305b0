import type { SanctionFact } from "./sanction-message.js";

/** The account ban that ends an account's streams, as the account-bans event carries it. */
export interface StreamsEndedBy {
  sanctionId: string;
  issuedAtMs: number;
  /** The revocation's moment (the issuing node's wall clock): tokens issued until then stop counting. */
  atMs: number;
}

/** A held message's state as its sender's streams learn it (ChatStreamNotice.held; docs/moderation.md). */
export interface HeldNoticeFact {
  id: string;
  content: string;
  sentAtMs: number;
  state: "held" | "allowed" | "denied";
  /** held: the rule's message to the sender; denied: the moderator's reason. */
  reason: string;
}

/** What moderation announces on the cluster bus (platform/bus/); chat streams and every node's ban gate hear it. */
export type ModerationEvent =
  /**
   * On a character topic: a sanction now holds on the character or its account. Sends need no notice (they read
   * sanctions in the database); streams in the scope of a ban re-check and end.
   */
  | { type: "sanctioned"; kind: "mute" | "ban"; scope: "channel" | "dimension" | "everywhere" | "game"; scopeId: string | null }
  /**
   * On a user topic: the account's active account bans are now these (every node's ban gate). endStreams: sanction
   * sanctionId (issued at issuedAtMs) tightened them; every node revokes the account's tokens issued until atMs, which
   * ends its streams at once, and times ban → last stream ended (ban-disconnects.ts).
   */
  | { type: "account-bans"; bans: SanctionFact[]; endStreams?: StreamsEndedBy }
  /** On a channel topic: the channel's rules changed (every node's rules cache drops its copy; streams ignore it). */
  | { type: "rules-changed" }
  /** On a channel topic: to characterId's streams there that asked for notices only. */
  | { type: "held-notice"; characterId: string; held: HeldNoticeFact }
  /**
   * On a channel topic: moderators deleted these stored messages (ids as on the wire). Streams that asked for notices
   * get them as ChatStreamNotice.deleted_message_ids; the others ignore the event.
   */
  | { type: "messages-deleted"; ids: string[] };
