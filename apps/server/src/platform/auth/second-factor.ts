import type { Caller } from "./caller.js";

/**
 * Which accounts must sign in with a second factor (SECOND_FACTOR_GROUPS), and what in a token proves one. Our
 * provider puts `amr` ["pwd","otp"] and `acr` "2" in its tokens; Keycloak puts `acr` "2" when its step-up flow
 * (ACR to LoA mapping) ran OTP or WebAuthn, and `amr` with its AMR protocol mapper (docs/keycloak.md).
 */
export interface SecondFactorPolicy {
  /** Group paths whose members (and members of their sub-groups) need a second factor; empty: the policy is off. */
  groups: readonly string[];
  /** `acr` values that count as a second factor (SECOND_FACTOR_ACR_VALUES). */
  acrValues: readonly string[];
}

/** RFC 8176 methods that are a factor beyond the password: one-time code, hardware or software key, multi-factor. */
export const SECOND_FACTOR_METHODS: readonly string[] = ["otp", "hwk", "swk", "mfa"];

export const POLICY_OFF: SecondFactorPolicy = { groups: [], acrValues: [] };

export function mustHaveSecondFactor(policy: SecondFactorPolicy, groups: readonly string[]): boolean {
  return groups.some((group) => policy.groups.some((path) => group === path || group.startsWith(`${path}/`)));
}

export function tokenHasSecondFactor(policy: SecondFactorPolicy, caller: Pick<Caller, "amr" | "acr">): boolean {
  return (caller.amr ?? []).some((method) => SECOND_FACTOR_METHODS.includes(method)) || (caller.acr !== undefined && policy.acrValues.includes(caller.acr));
}

/** Why this caller's token may not be used for staff calls, or undefined. */
export function secondFactorRefusal(policy: SecondFactorPolicy, caller: Caller): string | undefined {
  if (!mustHaveSecondFactor(policy, caller.groups) || tokenHasSecondFactor(policy, caller)) return undefined;
  return "a second factor is required for staff: sign in again with a passkey or your authenticator code, either counts (this token's amr/acr shows a password only)";
}
