import { describe, expect, it } from "vitest";
import { SESSION_HINT_COOKIE, sessionHintSetCookie } from "./session-hint-cookie.js";

const now = Date.parse("2030-01-01T00:00:00Z");
const hint = (setCookies: string[], over: { signedIn?: boolean; requestHasHint?: boolean } = {}) =>
  sessionHintSetCookie({ setCookies, sessionCookieName: "_session", signedIn: true, requestHasHint: true, now, ...over });

describe("sessionHintSetCookie (the flow through the real provider is in oidc-flow.test.ts)", () => {
  it("leaves responses that do not touch the session cookie alone", () => {
    expect(hint([])).toBeUndefined();
    expect(hint(["_interaction=abc; path=/realms/default/login-actions/abc; httponly; samesite=lax"])).toBeUndefined();
    expect(hint(["_session.sig=xyz; path=/; httponly"])).toBeUndefined();
  });

  it("mirrors a browser-session cookie as a browser-session hint", () => {
    expect(hint(["_session=id1; path=/; samesite=lax; httponly", "_session.sig=s; path=/; samesite=lax; httponly"])).toBe(
      `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax`,
    );
  });

  it("copies Expires and Max-Age, and Secure", () => {
    const expires = "Tue, 01 Jan 2030 10:00:00 GMT";
    expect(hint([`_session=id1; path=/; expires=${expires}; samesite=lax; secure; httponly`])).toBe(
      `${SESSION_HINT_COOKIE}=1; Path=/; Expires=${expires}; SameSite=Lax; Secure`,
    );
    expect(hint(["_session=id1; path=/; max-age=36000; httponly"])).toBe(`${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=36000; SameSite=Lax`);
  });

  it("deletes the hint when the session cookie is cleared, whichever way", () => {
    const deleted = `${SESSION_HINT_COOKIE}=; Path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; SameSite=Lax`;
    expect(hint(["_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; httponly"])).toBe(deleted);
    expect(hint(["_session=id1; path=/; max-age=0; httponly"])).toBe(deleted);
    expect(hint(["_session=; path=/; secure; httponly"])).toBe(`${deleted}; Secure`);
    // The last Set-Cookie for the name wins.
    expect(hint(["_session=id1; path=/; httponly", "_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT"])).toBe(deleted);
  });

  it("deletes it when the session cookie belongs to a session nobody is signed in to", () => {
    expect(hint(["_session=id2; path=/; httponly"], { signedIn: false })).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=; .*Max-Age=0`));
  });

  it("sends no deletion for a hint the browser does not have", () => {
    expect(hint(["_session=id2; path=/; httponly"], { signedIn: false, requestHasHint: false })).toBeUndefined();
    expect(hint(["_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT"], { requestHasHint: false })).toBeUndefined();
  });
});
