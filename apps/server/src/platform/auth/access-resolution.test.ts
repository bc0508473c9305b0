import { describe, expect, it } from "vitest";
import {
  adminCapabilities,
  capabilitiesOfRoles,
  createAccessResolver,
  defaultMappings,
  isStaffAccess,
  rolesOf,
  someGroupIsAdmin,
  type AccessSnapshot,
} from "./access-resolution.js";
import { roleOf } from "./caller.js";
import { capabilitiesOf } from "./capabilities.js";

const defaults: AccessSnapshot = { customRoles: [], mappings: defaultMappings };
const GROUPS = ["/Banned", "/Moderator/Admin", "/Moderator", "/Player", "/Player/Member", "/Elsewhere"];
const TOKEN_ROLES = [[], ["gameserver"], ["sro-web:gameserver"], ["other"]];

/** Every subset of the groups above. */
const subsets = GROUPS.reduce<string[][]>((all, group) => [...all, ...all.map((s) => [...s, group])], [[]]);

describe("access resolution (docs/permissions.md, Roles and mappings)", () => {
  it("reproduces the fixed roles' precedence for every combination of groups and token roles", () => {
    for (const groups of subsets) {
      for (const tokenRoles of TOKEN_ROLES) {
        const expected = new Map(capabilitiesOf(roleOf(groups, tokenRoles)).map((c) => [c.name, c.scope]));
        const resolved = createAccessResolver().resolve({ groups, roles: tokenRoles });
        expect(resolved.capabilities, `${groups.join(",")} + ${tokenRoles.join(",")}`).toEqual(expected);
      }
    }
  });

  it("holds a sole role alone, and falls back to gameserver or player when no group maps", () => {
    expect(rolesOf(defaults, ["/Moderator", "/Moderator/Admin", "/Banned"], [])).toEqual(["banned"]);
    expect(rolesOf(defaults, ["/Moderator", "/Moderator/Admin"], [])).toEqual(["admin", "moderator"]);
    expect(rolesOf(defaults, [], ["gameserver"])).toEqual(["gameserver"]);
    expect(rolesOf(defaults, ["/Player"], [])).toEqual(["player"]);
  });

  it("unites a custom role with the others, 'all' over 'own', and ignores mappings to unknown roles", () => {
    const senior = {
      name: "Senior moderator",
      description: "",
      builtIn: false,
      sole: false,
      capabilities: new Map([
        ["sanctions.account-ban", "all"],
        ["audit.read", "all"],
      ] as const),
    };
    const snapshot: AccessSnapshot = {
      customRoles: [senior],
      mappings: [...defaultMappings, { groupPath: "/Moderator/Senior", roles: ["Senior moderator", "gone"] }],
    };
    const roles = rolesOf(snapshot, ["/Moderator", "/Moderator/Senior"], []);
    expect(roles).toEqual(["Senior moderator", "moderator"]);
    const capabilities = capabilitiesOfRoles(snapshot, roles);
    expect(capabilities.get("audit.read")).toBe("all");
    expect(capabilities.get("sanctions.account-ban")).toBe("all");
    expect(capabilities.has("chat.channels.edit")).toBe(false);
  });

  it("knows whether some group still holds the whole admin set", () => {
    expect(someGroupIsAdmin(defaults)).toBe(true);
    expect(someGroupIsAdmin({ customRoles: [], mappings: defaultMappings.filter((m) => m.roles[0] !== "admin") })).toBe(false);
    const copy = { name: "Root", description: "", builtIn: false, sole: false, capabilities: adminCapabilities };
    expect(someGroupIsAdmin({ customRoles: [copy], mappings: [{ groupPath: "/Ops", roles: ["Root"] }] })).toBe(true);
  });

  it("calls staff whoever holds a capability a player lacks, or one at a wider scope", () => {
    const of = (snapshot: AccessSnapshot, groups: string[]) => isStaffAccess(capabilitiesOfRoles(snapshot, rolesOf(snapshot, groups, [])));
    expect(of(defaults, ["/Moderator/Admin"])).toBe(true);
    expect(of(defaults, ["/Moderator"])).toBe(true);
    expect(of(defaults, ["/Player/Member"])).toBe(false);
    expect(of(defaults, ["/Moderator", "/Banned"])).toBe(false);
    const support = { name: "Support", description: "", builtIn: false, sole: false, capabilities: new Map([["sanctions.read", "all"]] as const) };
    const custom: AccessSnapshot = { customRoles: [support], mappings: [...defaultMappings, { groupPath: "/Support", roles: ["Support"] }] };
    expect(of(custom, ["/Support"])).toBe(true);
  });

  it("resolves again after a replace, not from the old copy", () => {
    const resolver = createAccessResolver();
    expect(resolver.resolve({ groups: ["/Support"], roles: [] }).roles).toEqual(["player"]);
    resolver.replace({ customRoles: [], mappings: [...defaultMappings, { groupPath: "/Support", roles: ["moderator"] }] });
    expect(resolver.resolve({ groups: ["/Support"], roles: [] }).roles).toEqual(["moderator"]);
  });
});
