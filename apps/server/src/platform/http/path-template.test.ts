import { describe, expect, it } from "vitest";
import { matchPathTemplate, parsePathTemplate } from "./path-template.js";

describe("path templates", () => {
  it("binds variables, including nested field paths", () => {
    const t = parsePathTemplate("/v1/characters/id/{character.id}");
    expect(matchPathTemplate(t, "/v1/characters/id/abc")).toEqual(new Map([["character.id", "abc"]]));
  });

  it("decodes percent-encoded segments", () => {
    const t = parsePathTemplate("/v1/maps/id/{target_id}");
    expect(matchPathTemplate(t, "/v1/maps/id/a%20b")?.get("target_id")).toBe("a b");
  });

  it("rejects other lengths, other literals, empty and undecodable segments", () => {
    const t = parsePathTemplate("/v1/chat/{channel_id}/logs");
    expect(matchPathTemplate(t, "/v1/chat/x")).toBeUndefined();
    expect(matchPathTemplate(t, "/v1/chat/x/log")).toBeUndefined();
    expect(matchPathTemplate(t, "/v1/chat//logs")).toBeUndefined();
    expect(matchPathTemplate(t, "/v1/chat/%E0%A4%A/logs")).toBeUndefined();
  });

  it("refuses templates it cannot serve", () => {
    expect(() => parsePathTemplate("v1/x")).toThrow(/must start/);
    expect(() => parsePathTemplate("/v1/{name=**}")).toThrow(/unsupported/);
  });
});
