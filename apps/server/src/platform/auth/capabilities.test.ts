import { describe, expect, it } from "vitest";
import { accessOf, capabilitiesOf, capabilityTable, type CapabilityName } from "./capabilities.js";
import { handlerRuleTable, permissionTable } from "./permissions.js";

const ROLES = ["admin", "moderator", "player", "banned", "gameserver"] as const;
const names = Object.keys(capabilityTable) as CapabilityName[];
const rpcsOf = (name: CapabilityName): readonly string[] => {
  const source = capabilityTable[name];
  return "rpcs" in source ? source.rpcs : [];
};

describe("capabilities (docs/permissions.md)", () => {
  it("maps every rpc of the permission table to exactly one capability, and names no other rpc", () => {
    const mapped = names.flatMap(rpcsOf);
    expect([...mapped].sort()).toEqual(Object.keys(permissionTable).sort());
    expect(new Set(mapped).size).toBe(mapped.length);
  });

  it("names every finer rule of the handlers once", () => {
    const rules = names.flatMap((name) => {
      const source = capabilityTable[name];
      return "handlerRule" in source ? [source.handlerRule] : [];
    });
    expect(rules.sort()).toEqual(Object.keys(handlerRuleTable).sort());
  });

  it("groups only rpcs that share one rule, so a capability says exactly what the table decides", () => {
    for (const name of names) {
      for (const rpc of rpcsOf(name)) {
        for (const role of ROLES) expect(permissionTable[rpc]![role], `${name}: ${rpc} for ${role}`).toBe(accessOf(name, role));
      }
    }
  });

  it("gives a moderator mutes and chat bans, their own audit records, no account bans, no direct messages", () => {
    const moderator = new Map(capabilitiesOf("moderator").map((c) => [c.name, c.scope]));
    expect(moderator.get("sanctions.issue")).toBe("all");
    expect(moderator.get("audit.read")).toBe("own");
    expect(moderator.get("held-messages.review")).toBe("all");
    expect(moderator.get("reports.work")).toBe("all");
    expect(moderator.has("sanctions.account-ban")).toBe(false);
    expect(moderator.has("chat-history.account-purge")).toBe(false);
    expect(moderator.has("chat.direct-messages")).toBe(false);
    expect(moderator.has("chat.channels.edit")).toBe(false);
  });

  it("gives an admin every capability with scope all, and a player none of the staff's", () => {
    expect(capabilitiesOf("admin").filter((c) => c.name !== "capabilities.read-own" && c.name !== "reports.file" && c.name !== "reports.read-own")).toEqual(
      names
        .filter((n) => !["capabilities.read-own", "reports.file", "reports.read-own"].includes(n))
        .sort()
        .map((name) => ({ name, scope: "all" })),
    );
    const player = capabilitiesOf("player").map((c) => c.name);
    expect(player).toContain("chat.direct-messages");
    expect(player).not.toContain("sanctions.read");
    expect(player).not.toContain("audit.read");
  });

  it("lists a role's capabilities sorted by name", () => {
    const listed = capabilitiesOf("moderator").map((c) => c.name);
    expect(listed).toEqual([...listed].sort());
  });
});
