import { describe, expect, it } from "vitest";
import { parseRedirectRule, redirectMatcher } from "./redirect-patterns.js";

describe("redirect URI rules (Keycloak's forms)", () => {
  const matcher = redirectMatcher(["http://localhost:8080/*", "https://app.example/callback", "https://front.example:4200", "https://host.example/app/*"]);

  it.each([
    "http://localhost:8080",
    "http://localhost:8080/",
    "http://localhost:8080/silent-check-sso.html",
    "http://localhost:8080/admin/maps",
    "http://localhost:8080/admin/maps?tab=2&q=a%20b",
    "https://app.example/callback",
    "https://front.example:4200",
    "https://front.example:4200/",
    "https://host.example/app/",
    "https://host.example/app/deep/link",
  ])("allows %s", (uri) => {
    expect(matcher.allowed(uri)).toBe(true);
  });

  it.each([
    ["another host", "https://evil.example/"],
    ["a host that only starts the same", "http://localhost:8080.evil.example/"],
    ["the real host as userinfo", "http://localhost:8080@evil.example/"],
    ["userinfo before the real host", "http://evil.example@localhost:8080/"],
    ["a protocol-relative path", "http://localhost:8080//evil.example/"],
    ["a backslash in the path", "http://localhost:8080/\\evil.example"],
    ["backslashes for slashes", "http:\\\\localhost:8080\\"],
    ["encoded dot segments", "https://host.example/app/%2e%2e/admin"],
    ["encoded dot segments, upper case", "https://host.example/app/%2E%2E/admin"],
    ["plain dot segments", "https://host.example/app/../admin"],
    ["an encoded slash", "https://host.example/app%2f..%2fadmin"],
    ["the pattern's parent path", "https://host.example/application"],
    ["the pattern's path without its slash", "https://host.example/app"],
    ["a scheme change", "https://localhost:8080/"],
    ["another port", "http://localhost:8081/"],
    ["no port", "http://localhost/"],
    ["a relative URI", "//evil.example/"],
    ["javascript:", "javascript:alert(1)//http://localhost:8080/"],
    ["a fragment", "http://localhost:8080/#/evil"],
    ["whitespace", "http://localhost:8080/a b"],
    ["a control character", "http://localhost:8080/\t"],
    ["more after an exact URI", "https://app.example/callback/more"],
    ["a query on an exact URI", "https://app.example/callback?x=1"],
    ["a longer name", "https://app.example/callbackx"],
    ["a path on an exact origin", "https://front.example:4200/x"],
    ["an empty value", ""],
  ])("refuses %s: %s", (_, uri) => {
    expect(matcher.allowed(uri)).toBe(false);
  });

  it.each([
    "http://*.example/*",
    "http://host.example/a*/b",
    "http://host.example/*/x",
    "*",
    "http://host.example/a/*?x=1",
    "ftp://host.example/*",
    "http://user@host.example/*",
    "/relative/*",
  ])("refuses to configure %s", (source) => {
    expect(() => parseRedirectRule(source)).toThrow();
  });

  it("gives each rule's origin (the client's web origins)", () => {
    expect(matcher.rules.map((r) => r.origin)).toEqual(["http://localhost:8080", "https://app.example", "https://front.example:4200", "https://host.example"]);
  });
});
