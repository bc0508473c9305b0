import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";

import { channelStreamStep, directStreamStep } from "./stream-steps.js";
import type { ClusterEvent } from "../cluster-events.js";

const me = "c1";
const other = "c2";
const channel = "ch";
const message: ClusterEvent = { type: "message", message: { id: 1, senderCharacterId: other, content: "hi", sentAtMs: 0 } };

/** What each event does to an open stream; both delivery paths (sink, generator) follow these answers. */
describe("stream steps", () => {
  const channelCases: [string, ClusterEvent, "deliver" | "ignore" | "recheck" | Code][] = [
    ["a message is delivered", message, "deliver"],
    ["an access change for everyone re-checks", { type: "access-changed" }, "recheck"],
    ["an access change for this character re-checks", { type: "access-changed", characterId: me }, "recheck"],
    ["an access change for another character is ignored", { type: "access-changed", characterId: other }, "ignore"],
    ["an edit of the character re-checks", { type: "character-changed" }, "recheck"],
    ["a ban on this channel re-checks (and ends it with the ban's reason)", { type: "sanctioned", kind: "ban", scope: "channel", scopeId: channel }, "recheck"],
    ["a ban on another channel is ignored", { type: "sanctioned", kind: "ban", scope: "channel", scopeId: "other" }, "ignore"],
    ["a dimension ban re-checks (the check knows the channel's dimension)", { type: "sanctioned", kind: "ban", scope: "dimension", scopeId: "d" }, "recheck"],
    ["a ban everywhere re-checks", { type: "sanctioned", kind: "ban", scope: "everywhere", scopeId: null }, "recheck"],
    ["a mute leaves reading alone", { type: "sanctioned", kind: "mute", scope: "everywhere", scopeId: null }, "ignore"],
    ["account bans are the auth layer's", { type: "account-bans", bans: [] }, "ignore"],
    ["a deleted channel ends it", { type: "deleted" }, Code.NotFound],
    ["a deleted character ends it", { type: "character-deleted" }, Code.NotFound],
    ["a user change is the auth layer's", { type: "user-changed", atMs: 0 }, "ignore"],
  ];
  it.each(channelCases)("channel stream: %s", (_, event, expected) => {
    const step = channelStreamStep(event, channel, me);
    expect(step instanceof ConnectError ? step.code : step).toBe(expected);
  });

  const directCases: [string, ClusterEvent, "deliver" | "ignore" | "recheck" | Code][] = [
    ["a message is delivered", message, "deliver"],
    ["an edit of the character re-checks", { type: "character-changed" }, "recheck"],
    ["a deleted character ends it", { type: "character-deleted" }, Code.NotFound],
    ["a channel's ban is not about direct messages", { type: "sanctioned", kind: "ban", scope: "channel", scopeId: channel }, "ignore"],
    ["a dimension ban is not about direct messages", { type: "sanctioned", kind: "ban", scope: "dimension", scopeId: "d" }, "ignore"],
    ["a ban everywhere re-checks", { type: "sanctioned", kind: "ban", scope: "everywhere", scopeId: null }, "recheck"],
    ["a mute everywhere leaves reading alone", { type: "sanctioned", kind: "mute", scope: "everywhere", scopeId: null }, "ignore"],
  ];
  it.each(directCases)("direct stream: %s", (_, event, expected) => {
    const step = directStreamStep(event, me);
    expect(step instanceof ConnectError ? step.code : step).toBe(expected);
  });

  it("the end errors say why", () => {
    expect((channelStreamStep({ type: "deleted" }, channel, me) as ConnectError).rawMessage).toBe("chat channel ch was deleted");
    expect((directStreamStep({ type: "character-deleted" }, me) as ConnectError).rawMessage).toBe("character c1 was deleted");
  });
});
