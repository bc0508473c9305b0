import { describe, expect, it } from "vitest";
import { defaultIgnorableIn, longestMarkRun, MAX_STACKED_MARKS, skeletonOf } from "./text-rules.js";

describe("look-alike names and stacked marks", () => {
  it("a name's skeleton drops non-spacing and enclosing marks, keeps spacing ones", () => {
    expect(skeletonOf("Ada Overwatc\u0323h")).toBe(skeletonOf("Ada Overwatch"));
    expect(skeletonOf("Max Warden\u0338")).toBe(skeletonOf("Max Warden"));
    expect(skeletonOf("Zoë")).toBe(skeletonOf("Zoe"));
    expect(skeletonOf("Ada\u20dd")).toBe(skeletonOf("Ada")); // enclosing circle
    // Devanagari's vowel sign I (U+093F) is a spacing mark: "कि" and "क" stay apart.
    expect(skeletonOf("\u0915\u093f")).not.toBe(skeletonOf("\u0915"));
  });

  it("names the first default-ignorable code point", () => {
    expect(defaultIgnorableIn("Ada Overwatch")).toBeUndefined();
    expect(defaultIgnorableIn("Ada\u034f")).toBe("U+034F");
    expect(defaultIgnorableIn("Ada\ufe0f")).toBe("U+FE0F");
    expect(defaultIgnorableIn("A\u200bda")).toBe("U+200B");
    expect(defaultIgnorableIn("Zoë Ångström")).toBeUndefined();
  });

  it("measures the longest run of combining marks after NFC", () => {
    expect(longestMarkRun("plain")).toBe(0);
    expect(longestMarkRun("e\u0301")).toBe(0); // composes to é
    expect(longestMarkRun("e\u0301\u0323")).toBe(1); // ẹ́: é… plus one mark NFC cannot fold in
    expect(longestMarkRun(`a${"\u0316".repeat(MAX_STACKED_MARKS + 1)}b\u0316`)).toBe(MAX_STACKED_MARKS + 1);
  });
});
