import { Code, ConnectError } from "@connectrpc/connect";
import { defaultIgnorableIn, mixedScriptError, textProblem } from "./text-rules.js";

/**
 * Input checks shared by every service. Each failure is INVALID_ARGUMENT with a message that names the field and
 * the rule ("name: must be 3..64 characters …"), so a client can show it next to the right input.
 */
export function invalidArgument(field: string, rule: string): ConnectError {
  return new ConnectError(`${field}: ${rule}`, Code.InvalidArgument);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** A required id of a stored row. Malformed ids are answered here, before any query (never INTERNAL). */
export function requireUuid(value: string, field: string): string {
  if (value === "") throw invalidArgument(field, "is required");
  if (!isUuid(value)) throw invalidArgument(field, "must be a UUID");
  return value.toLowerCase();
}

// C0/C1 control characters, DEL, and the Unicode line/paragraph separators: never part of a name or a path.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export const hasControlCharacters = (value: string): boolean => CONTROL.test(value);

/** Length in characters (code points), the unit every rule in docs/game-services.md is written in. */
export const lengthOf = (value: string): number => [...value].length;

/** A free-text field: min..max characters, no control characters. Stored verbatim (no trimming, no escaping). */
export function requireText(value: string, field: string, min: number, max: number): string {
  if (min > 0 && value === "") throw invalidArgument(field, "is required");
  const length = lengthOf(value);
  if (length < min || length > max) throw invalidArgument(field, `must be ${min}..${max} characters`);
  if (hasControlCharacters(value)) throw invalidArgument(field, "must not contain control characters");
  refuseHiddenText(value, field);
  return value;
}

/** Text-direction overrides and text that is only invisible characters (text-rules.ts). */
function refuseHiddenText(value: string, field: string): void {
  const problem = textProblem(value);
  if (problem === "bidi") throw invalidArgument(field, "must not contain text-direction override characters");
  if (problem === "invisible") throw invalidArgument(field, "must contain visible characters");
}

// Letters (any script, with their combining marks), decimal digits, space, underscore and dash.
const NAME = /^[\p{L}\p{M}\p{Nd} _-]+$/u;
export const NAME_RULE = "must be 3..64 characters of letters, digits, space, underscore or dash";

/** Names of characters and dimensions: 3..64 characters, no leading or trailing space. */
export function requireName(value: string, field = "name"): string {
  if (value === "") throw invalidArgument(field, "is required");
  const length = lengthOf(value);
  if (length < 3 || length > 64 || !NAME.test(value)) throw invalidArgument(field, NAME_RULE);
  if (value.trim() !== value) throw invalidArgument(field, "must not start or end with a space");
  refuseHiddenText(value, field);
  const ignorable = defaultIgnorableIn(value);
  if (ignorable) throw invalidArgument(field, `must not contain invisible characters (default-ignorable code point ${ignorable})`);
  // Unicode's mixed-script detection (UTS #39): "Аda" with a Cyrillic А would pass for "Ada".
  const mixed = mixedScriptError("", value);
  if (mixed) throw invalidArgument(field, mixed.trim());
  return value;
}
