import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The 10,000 most common passwords of zxcvbn-ts's list (ranked by frequency in leaks), compared ignoring case: what
 * a brute force tries first, so never accepted as a new password.
 */
const TOP = 10_000;
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, TOP).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
