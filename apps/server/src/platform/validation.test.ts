import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { isUuid, lengthOf, requireName, requireText, requireUuid } from "./validation.js";

const rejection = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    const e = ConnectError.from(error);
    return { code: e.code, message: e.rawMessage };
  }
  return undefined;
};

describe("input validation", () => {
  it("ids must be UUIDs; they come back lower case", () => {
    expect(requireUuid("5E1D0000-0000-4000-8000-000100000001", "id")).toBe("5e1d0000-0000-4000-8000-000100000001");
    expect(rejection(() => requireUuid("", "id"))).toEqual({ code: Code.InvalidArgument, message: "id: is required" });
    for (const bad of ["nope", "' OR 1=1 --", "5e1d0000000040008000000100000001", `${"a".repeat(36)}`, "5e1d0000-0000-4000-8000-00010000000g"]) {
      expect(rejection(() => requireUuid(bad, "target_id"))).toEqual({ code: Code.InvalidArgument, message: "target_id: must be a UUID" });
    }
    expect(isUuid("00000000-0000-4000-8000-000000000000")).toBe(true);
  });

  it("names: 3..64 letters, digits, space, underscore, dash; no leading or trailing space", () => {
    for (const good of ["Neo", "x".repeat(64), "Zoë Ångström", "Under_score-Dash 9", "DROP TABLE characters --", "名前です"]) {
      expect(requireName(good)).toBe(good);
    }
    for (const bad of ["", "ab", "x".repeat(65), "bad<name>", "semi;colon", "quote'd", "tab\there", "a.b.c", "emoji 🙂"]) {
      expect(rejection(() => requireName(bad))?.code).toBe(Code.InvalidArgument);
    }
    expect(rejection(() => requireName(" Neo"))?.message).toBe("name: must not start or end with a space");
    // Invisible marks pass the letters-and-marks pattern; they are refused by name.
    expect(rejection(() => requireName("Neo\u034f"))?.message).toBe("name: must not contain invisible characters (default-ignorable code point U+034F)");
    expect(rejection(() => requireName("Neo\ufe0f", "character.name"))?.message).toBe(
      "character.name: must not contain invisible characters (default-ignorable code point U+FE0F)",
    );
    expect(rejection(() => requireName("ab", "character.name"))?.message).toMatch(/^character\.name: must be 3\.\.64 characters/);
  });

  it("text fields are bounded in characters and free of control characters, otherwise verbatim", () => {
    expect(requireText("<b>x</b>' OR '1'='1", "location", 1, 256)).toBe("<b>x</b>' OR '1'='1");
    expect(lengthOf("🙂🙂")).toBe(2);
    expect(requireText("🙂".repeat(4), "f", 1, 4)).toBe("🙂".repeat(4));
    expect(rejection(() => requireText("x".repeat(257), "location", 1, 256))?.message).toBe("location: must be 1..256 characters");
    expect(rejection(() => requireText("", "version", 1, 64))?.message).toBe("version: is required");
    expect(rejection(() => requireText("a\u0000b", "version", 1, 64))?.message).toBe("version: must not contain control characters");
    expect(requireText("", "profession", 0, 64)).toBe("");
  });
});
