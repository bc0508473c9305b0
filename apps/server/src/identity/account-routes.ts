import { randomBytes } from "node:crypto";
import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";

import { TokenError } from "../platform/auth/token-verifier.js";
import { isUniqueViolation } from "../platform/db/errors.js";
import {
  applyCors,
  auditActorOfRequest,
  bearerToken,
  clientAddress,
  csrfToken,
  isSameOriginPost,
  readForm,
  redirect,
  sendHtml,
  sendJson,
  verifyCsrfToken,
} from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import { accountPage, type AccountPage } from "./pages/account-page.js";
import type { SessionsSection } from "./pages/sessions-section.js";
import type { TwoFactorSection } from "./pages/second-factor-section.js";
import { handleTwoFactorPost, twoFactorState } from "./second-factor-account.js";
import { errorPage } from "./pages/message-pages.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { emailError, nameError, newPasswordErrors, TAKEN } from "./profile-rules.js";
import { controlError } from "../platform/text-rules.js";
import { signInKeys, throttledMessage } from "./login-throttle.js";
import type { User } from "./user-store.js";

/**
 * "Your Profile" at /realms/default/account: an HTML page for the signed-in browser session, and Keycloak's account
 * JSON (what keycloak-js loadUserProfile() reads) for bearer-token calls.
 */
export async function handleAccount(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, step: string, query: URLSearchParams): Promise<void> {
  if (step === "" && (req.method === "OPTIONS" || bearerToken(req) || wantsJson(req))) return accountJson(ctx, req, res);
  if (step === "callback" && req.method === "GET") {
    return redirect(res, `${ctx.realmPath}/account${referrerQuery(decodeState(query.get("state")))}`);
  }
  const referrer = safeReferrer(ctx, query.get("referrer_uri"));
  const session = await browserSession(ctx, req, res);
  const user = session ? await ctx.users.findById(session.accountId) : undefined;
  if (!session || !user?.enabled) {
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendHtml(res, 401, errorPage(ctx.links, { title: "Signed out", message: "Your session has ended. Sign in again to edit your profile." }));
    return redirect(res, signInUrl(ctx, referrer), 302);
  }

  const csrf = csrfToken(ctx.keys.csrfSecrets, `account:${session.uid}`);
  const qs = referrerQuery(referrer);
  const render = async (
    status: number,
    {
      sessionsNotice,
      twoFactor,
      ...extra
    }: Partial<Omit<AccountPage, "twoFactor">> & { sessionsNotice?: SessionsSection["notice"]; twoFactor?: Partial<TwoFactorSection> } = {},
  ) =>
    sendHtml(
      res,
      status,
      accountPage(ctx.links, {
        user,
        groups: (await ctx.users.groupsOf(user.id)).map((g) => g.path),
        csrf,
        // The fragments bring the browser back to the section that was submitted (errors and notices show there).
        profileAction: `${ctx.realmPath}/account${qs}#profile`,
        passwordAction: `${ctx.realmPath}/account/password${qs}#password`,
        signOutUrl: `${ctx.issuer}/protocol/openid-connect/logout`,
        backUrl: referrer ?? `${ctx.publicUrl}/`,
        sessions: {
          sessions: await ctx.sessions.list(user.id),
          currentSessionId: session.uid,
          csrf,
          action: `${ctx.realmPath}/account/sessions${qs}#sessions`,
          notice: sessionsNotice,
        },
        twoFactor: { ...(await twoFactorState(ctx, user, session.uid)), csrf, action: `${ctx.realmPath}/account/totp${qs}#two-factor`, ...twoFactor },
        ...extra,
      }),
    );

  if (req.method === "GET" || req.method === "HEAD") {
    const saved = query.get("saved");
    if (saved === "profile") return render(200, { notice: { kind: "success", message: "Your profile was saved.", section: "profile" } });
    if (saved === "password") return render(200, { notice: { kind: "success", message: "Your password was changed.", section: "password" } });
    if (saved === "sessions") return render(200, { sessionsNotice: { kind: "success", message: "The sessions were signed out." } });
    return render(200);
  }
  if (req.method !== "POST" || (step !== "" && step !== "password" && step !== "sessions" && step !== "totp")) {
    return sendHtml(res, 404, errorPage(ctx.links, { title: "Page not found", message: "There is nothing at this address." }));
  }

  const form = await readForm(req);
  if (!isSameOriginPost(req, new URL(ctx.publicUrl).origin) || !verifyCsrfToken(ctx.keys.csrfSecrets, `account:${session.uid}`, form.get("csrf"))) {
    return sendHtml(res, 403, errorPage(ctx.links, { title: "Request refused", message: "This form could not be verified. Reload the page and try again." }));
  }
  const savedUrl = (what: string) => `${ctx.realmPath}/account?saved=${what}${qs ? `&${qs.slice(1)}` : ""}`;

  if (step === "totp") {
    const outcome = await handleTwoFactorPost(ctx, req, user, session.uid, form);
    return render(outcome.status, { twoFactor: outcome.section });
  }

  if (step === "sessions") {
    const chosen = form.get("session") ?? "";
    const others = (await ctx.sessions.list(user.id)).map((s) => s.id).filter((id) => id !== session.uid);
    const ending = chosen === "others" ? others : others.filter((id) => id === chosen);
    if (ending.length === 0) return render(400, { sessionsNotice: { kind: "error", message: "That session has already ended." } });
    const actor = auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy);
    for (const id of ending) if ((await ctx.sessions.end(actor, user.id, id)).length > 0) ctx.onSessionEnded(user.id, id);
    return redirect(res, `${savedUrl("sessions")}#sessions`);
  }

  if (step === "") {
    const profile = {
      email: (form.get("email") ?? "").trim().toLowerCase(),
      firstName: (form.get("firstName") ?? "").trim(),
      lastName: (form.get("lastName") ?? "").trim(),
    };
    const errors = { email: emailError(profile.email), firstName: nameError(profile.firstName, "first"), lastName: nameError(profile.lastName, "last") };
    if (!errors.email && (await ctx.users.taken({ email: profile.email }, user.id)).email) errors.email = TAKEN.email;
    if (errors.email || errors.firstName || errors.lastName) return render(400, { profileValues: profile, profileErrors: errors });
    try {
      await ctx.users.updateProfile(auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy), user.id, profile);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return render(400, { profileValues: profile, profileErrors: { email: TAKEN.email } });
    }
    return redirect(res, savedUrl("profile"));
  }

  // Password change: the current password is checked under the same throttling as sign-in.
  const current = form.get("currentPassword") ?? "";
  const next = form.get("newPassword") ?? "";
  const keys = signInKeys(ctx.policy, `account:${user.id}`, `ip:${clientAddress(req, ctx.trustProxy)}`);
  const badCurrent = controlError("The current password", current);
  if (badCurrent) return render(400, { passwordErrors: { currentPassword: badCurrent } });
  const verdict = await ctx.throttle.checkSignIn(keys);
  if (!verdict.allowed) {
    return render(429, { notice: { kind: "error", message: throttledMessage(verdict.retryAfterSeconds, verdict.locked), section: "password" } });
  }
  const hash = await ctx.users.passwordHashOf(user.id);
  if (!hash || !(await verifyPassword(current, hash))) {
    await ctx.throttle.recordSignInFailure(keys);
    return render(400, { passwordErrors: { currentPassword: "The current password is not correct." } });
  }
  const problems = newPasswordErrors(next, form.get("newPasswordConfirm") ?? "", user.username);
  if (problems.password || problems.confirm) return render(400, { passwordErrors: { newPassword: problems.password, newPasswordConfirm: problems.confirm } });
  await ctx.users.setPasswordHash(auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy), user.id, await hashPassword(next));
  // Like Keycloak: a new password signs the user out everywhere else (sessions, grants, refresh tokens), and older
  // access tokens are refused on every node; this browser's session and its grants stay.
  const ended = await ctx.endSessions(user.id, session.uid);
  ctx.onUserChanged(user.id);
  ctx.logger.info({ userId: user.id, endedSessions: ended }, "password changed");
  return redirect(res, savedUrl("password"));
}

/** Keycloak's account representation for a bearer token (keycloak-js loadUserProfile). */
async function accountJson(ctx: IdentityContext, req: AnyRequest, res: AnyResponse): Promise<void> {
  if (applyCors(req, res, ctx.clients.webOrigins, "GET, OPTIONS")) return;
  const token = bearerToken(req);
  let user: User | undefined;
  try {
    if (token) user = await ctx.users.findById((await ctx.tokens.verify(token)).sub);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
  }
  if (!user?.enabled)
    return sendJson(
      res,
      401,
      { error: "invalid_token", error_description: "a valid access token is required" },
      { "www-authenticate": 'Bearer error="invalid_token"' },
    );
  sendJson(res, 200, {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: false,
    attributes: {},
  });
}

function wantsJson(req: AnyRequest): boolean {
  const accept = String(req.headers.accept ?? "");
  return accept.includes("application/json") && !accept.includes("text/html");
}

async function browserSession(ctx: IdentityContext, req: AnyRequest, res: AnyResponse): Promise<{ uid: string; accountId: string } | undefined> {
  const session = await ctx.provider.Session.get(ctx.provider.createContext(req as never, res as never));
  return session.accountId ? { uid: session.uid, accountId: session.accountId } : undefined;
}

/** Only pages of our own clients may be linked back to (keycloak-js passes referrer_uri). */
function safeReferrer(ctx: IdentityContext, value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return ctx.clients.webOrigins.includes(url.origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const referrerQuery = (referrer: string | undefined) => (referrer ? `?referrer_uri=${encodeURIComponent(referrer)}` : "");

/** The account page signs in through its own client; `state` carries where "Back to SRO" should lead. */
function signInUrl(ctx: IdentityContext, referrer: string | undefined): string {
  const params = new URLSearchParams({
    client_id: ctx.clients.account.clientId,
    redirect_uri: ctx.clients.account.redirectUri,
    response_type: "none",
    scope: "openid",
    state: `${randomBytes(8).toString("base64url")}.${Buffer.from(referrer ?? "").toString("base64url")}`,
  });
  return `${ctx.issuer}/protocol/openid-connect/auth?${params}`;
}

function decodeState(state: string | null): string | undefined {
  const encoded = state?.split(".")[1];
  return encoded ? Buffer.from(encoded, "base64url").toString("utf8") || undefined : undefined;
}
