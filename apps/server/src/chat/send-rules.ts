import type { ConnectError } from "@connectrpc/connect";

/**
 * What a channel's moderation rules make of a send, as chat's send path asks it: members only, the content rules,
 * slow mode and the review lane. Moderation answers (moderation/channel-send-rules.ts); compose.ts wires it in.
 */
export interface SendRules {
  /** The channel's rules as this node holds them (cached; a bus event drops a changed channel's copy). */
  forChannel(channelId: string): Promise<ChannelSendRules>;
  /** Claims the sender's slow-mode slot across nodes: 0 when claimed, else how long until it may send. */
  claimSlowModeSlot(channelId: string, characterId: string, seconds: number, nowMs: number): Promise<number>;
  /** The refusal of a send that came too soon. */
  slowModeError(seconds: number, waitMs: number): ConnectError;
}

export interface ChannelSendRules {
  /** One message per this many seconds per sender (0: none); staff are exempt. */
  readonly slowModeSeconds: number;
  /** Judged on the sender's facts; asked again on fresher facts when the guarded INSERT finds them changed. */
  judge(send: { content: string; staff: boolean; authorized: boolean }): SendVerdict;
}

export type SendVerdict =
  | { kind: "deliver" }
  | { kind: "block"; error: ConnectError }
  /** Not delivered: it waits in the review lane. `message` is the rule's word to the sender; `hold` stores it. */
  | { kind: "hold"; message: string; hold(send: { senderCharacterId: string; content: string; sentAtMs: number }): Promise<{ id: string; sentAtMs: number }> };
