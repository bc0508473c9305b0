import unhomoglyph from "unhomoglyph";
/**
 * What text users type may hold, shared by identity forms, the users API, chat and names. PostgreSQL refuses NUL in
 * text (a 500 if it ever reaches a query), terminals run ANSI escapes, bidi overrides reorder what others read and
 * invisible-only text looks empty: all refused with a message that names the field.
 */

// C0 and C1 controls and DEL (tab and newline too: none of our fields is multi-line).
const CONTROL = /\p{Cc}/u;
// Embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI): they flip the order of what follows.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
// Format characters, separators and the blank look-alikes Unicode does not class as either.
// eslint-disable-next-line no-misleading-character-class -- each escape is one code point matched on its own (/u); the joiners and selectors are listed because they are invisible
const INVISIBLE = /[\p{Cf}\p{Z}\s\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b-\u180f\ufe00-\ufe0f]/gu;

export type TextProblem = "control" | "bidi" | "invisible";

export function textProblem(value: string): TextProblem | undefined {
  if (CONTROL.test(value)) return "control";
  if (BIDI_CONTROL.test(value)) return "bidi";
  if (value.length > 0 && value.replace(INVISIBLE, "") === "") return "invisible";
  return undefined;
}

/** True for any C0/C1 control or DEL. */
export const hasControlCharacters = (value: string): boolean => CONTROL.test(value);

/** A sentence naming the field and the rule, or undefined when the text is fine. */
export function textError(field: string, value: string): string | undefined {
  switch (textProblem(value)) {
    case "control":
      return `${field} must not contain control characters.`;
    case "bidi":
      return `${field} must not contain text-direction override characters.`;
    case "invisible":
      return `${field} must contain visible characters.`;
    default:
      return undefined;
  }
}

/** Only the control-character rule (passwords and search terms may be anything else). */
export function controlError(field: string, value: string): string | undefined {
  return hasControlCharacters(value) ? `${field} must not contain control characters.` : undefined;
}

// Scripts a name may be written in, one per name; Common (digits, space, punctuation) and Inherited (combining
// marks) go with any. Han, Hiragana and Katakana count as one: Japanese mixes them.
const SCRIPTS: [string, RegExp][] = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Japanese", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
];
const LETTER = /[\p{L}\p{M}]/u;

/** The scripts of a text's letters (an unlisted script counts under its own code point class "Other"). */
export function scriptsOf(value: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of value) {
    if (!LETTER.test(char) || /[\p{Script=Common}\p{Script=Inherited}]/u.test(char)) continue;
    scripts.add(SCRIPTS.find(([, re]) => re.test(char))?.[0] ?? "Other");
  }
  return scripts;
}

/** Why a name mixes scripts ("Аda" with a Cyrillic А), or undefined. */
export function mixedScriptError(field: string, value: string): string | undefined {
  const scripts = [...scriptsOf(value)];
  return scripts.length > 1 ? `${field} mixes scripts (${scripts.join(", ")}); use letters of one script` : undefined;
}

// Marks drawn on or through their base letter without a width of their own (U+0323 dot below, U+0338 long solidus).
const OVERLAID_MARK = /[\p{Mn}\p{Me}]/gu;

/**
 * UTS #39's skeleton (NFD, confusables mapped to their prototype, NFD again; confusables.txt through unhomoglyph),
 * lower-cased as names are unique ignoring case: "Аda" (Cyrillic А) and "Ada", "rn" and "m" share one. Runs of
 * spaces count as one, as HTML shows them: "Ada  Overwatch" reads "Ada Overwatch". Non-spacing and enclosing marks
 * are dropped: a dot under an "h" or a stroke through an "n" still reads as the name without it (spacing marks,
 * which take room of their own, stay).
 */
export function skeletonOf(value: string): string {
  return unhomoglyph(value.normalize("NFD")).normalize("NFD").replace(OVERLAID_MARK, "").toLowerCase().replace(/ {2,}/g, " ");
}

// Default-ignorable code points (U+034F combining grapheme joiner, U+FE0F variation selector, U+200B …): drawn as
// nothing, so a name holding one reads exactly as the name without it.
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** The first default-ignorable code point of a text as "U+034F", or undefined. */
export function defaultIgnorableIn(value: string): string | undefined {
  const found = DEFAULT_IGNORABLE.exec(value)?.[0];
  return found && `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** At most this many combining marks on one base character in chat text ("Zalgo" stacks spill over other lines). */
export const MAX_STACKED_MARKS = 4;

/** The longest run of combining marks in a text (after NFC, so precomposed letters count as none). */
export function longestMarkRun(value: string): number {
  let longest = 0;
  let run = 0;
  for (const char of value.normalize("NFC")) {
    run = /\p{M}/u.test(char) ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
