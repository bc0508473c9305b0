import { describe, expect, it } from "vitest";
import type { Caller } from "./caller.js";
import { mustHaveSecondFactor, secondFactorRefusal, tokenHasSecondFactor } from "./second-factor.js";

const policy = { groups: ["/Moderator", "/Moderator/Admin"], acrValues: ["2"] };
const caller = (groups: string[], amr?: string[], acr?: string): Caller => ({
  sub: "u",
  username: "u",
  groups,
  roles: [],
  role: "moderator",
  ...(amr ? { amr } : {}),
  ...(acr ? { acr } : {}),
});

describe("the second-factor policy", () => {
  it("names members of the groups and of their sub-groups", () => {
    expect(mustHaveSecondFactor(policy, ["/Moderator"])).toBe(true);
    expect(mustHaveSecondFactor({ ...policy, groups: ["/Moderator"] }, ["/Moderator/Admin"])).toBe(true);
    expect(mustHaveSecondFactor(policy, ["/Player/Member"])).toBe(false);
    expect(mustHaveSecondFactor(policy, ["/ModeratorX"])).toBe(false);
    expect(mustHaveSecondFactor({ groups: [], acrValues: [] }, ["/Moderator/Admin"])).toBe(false);
  });

  it("counts otp, hwk, swk or mfa in amr, or a configured acr (Keycloak's level 2)", () => {
    for (const amr of [["pwd", "otp"], ["hwk"], ["swk"], ["mfa"]]) expect(tokenHasSecondFactor(policy, { amr })).toBe(true);
    expect(tokenHasSecondFactor(policy, { amr: ["pwd"] })).toBe(false);
    expect(tokenHasSecondFactor(policy, { acr: "2" })).toBe(true);
    expect(tokenHasSecondFactor(policy, { acr: "1" })).toBe(false);
    expect(tokenHasSecondFactor(policy, {})).toBe(false);
  });

  it("refuses staff tokens without one, with the reason", () => {
    expect(secondFactorRefusal(policy, caller(["/Moderator"], ["pwd"]))).toMatch(/a second factor is required for staff/);
    // Either factor counts, and the refusal says so: a passkey (hwk) as well as an authenticator code (otp).
    expect(secondFactorRefusal(policy, caller(["/Moderator"], ["pwd"]))).toMatch(/sign in again with a passkey or your authenticator code, either counts/);
    expect(secondFactorRefusal(policy, caller(["/Moderator"], ["pwd", "hwk"]))).toBeUndefined();
    expect(secondFactorRefusal(policy, caller(["/Moderator"], ["pwd", "otp"]))).toBeUndefined();
    expect(secondFactorRefusal(policy, caller(["/Moderator"], undefined, "2"))).toBeUndefined();
    expect(secondFactorRefusal(policy, caller(["/Player/Member"]))).toBeUndefined();
  });
});
