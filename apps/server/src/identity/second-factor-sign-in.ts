import { isStaffAccess } from "../platform/auth/access-resolution.js";
import { mustHaveSecondFactor } from "../platform/auth/second-factor.js";
import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";
import { controlError } from "../platform/text-rules.js";
import { auditActorOfRequest, clientAddress, csrfToken, sendHtml, verifyCsrfToken } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import { signInKeys, throttledMessage } from "./login-throttle.js";
import { errorPage } from "./pages/message-pages.js";
import { recoveryCodesPage, secondFactorPage, secondFactorSetupPage } from "./pages/second-factor-pages.js";
import { authenticationOptions, challengeOf, registrationOptions } from "./passkeys.js";
import { otpauthUri, readableSecret } from "./totp.js";
import type { User } from "./user-store.js";

/**
 * The sign-in's steps after the password: the code of an account with an authenticator app, or — for an account the
 * policy (SECOND_FACTOR_GROUPS) names that has none — setting one up first, like Keycloak's "Configure OTP" required
 * action. Between the steps the browser carries a ticket: HMAC-bound to this authorization request (interaction uid),
 * the user and a time, so any node continues it and it is worth nothing for another request or after TICKET_MS.
 */
const TICKET_MS = 10 * 60 * 1000;
/** RFC 8176 methods; Keycloak's LoA convention for acr: 1 = password, 2 = with a second factor. */
export const AMR_PASSWORD = ["pwd"];
export const AMR_PASSWORD_AND_OTP = ["pwd", "otp"];
/** A passkey is a hardware-secured key (RFC 8176 "hwk"), whether on a security key or in a platform authenticator. */
export const AMR_PASSWORD_AND_PASSKEY = ["pwd", "hwk"];

export type Stage = "code" | "setup" | "enrolled" | "enrolled-passkey";

export interface SecondFactorUrls {
  code: string;
  setup: string;
  enrolled: string;
  passkey: string;
  passkeySetup: string;
  passkeyEnrolled: string;
}

export function secondFactorUrls(base: string): SecondFactorUrls {
  return {
    code: `${base}/otp`,
    setup: `${base}/otp-setup`,
    enrolled: `${base}/otp-continue`,
    passkey: `${base}/passkey`,
    passkeySetup: `${base}/passkey-setup`,
    passkeyEnrolled: `${base}/passkey-continue`,
  };
}

export function ticketOf(ctx: IdentityContext, uid: string, stage: Stage, userId: string, now: number): string {
  return `${userId}.${now}.${csrfToken(ctx.keys.csrfSecrets, `second-factor:${stage}:${uid}:${userId}:${now}`)}`;
}

export function userOfTicket(ctx: IdentityContext, uid: string, stage: Stage, ticket: string | null, now: number): string | undefined {
  const [userId, issued, mac] = (ticket ?? "").split(".");
  const issuedMs = Number(issued);
  if (!userId || !mac || !Number.isSafeInteger(issuedMs) || now - issuedMs > TICKET_MS || issuedMs > now) return undefined;
  return verifyCsrfToken(ctx.keys.csrfSecrets, `second-factor:${stage}:${uid}:${userId}:${issuedMs}`, mac) ? userId : undefined;
}

/**
 * After a correct password: the code page, the setup page, or signed in with the password alone. `known`: whether a
 * second factor follows and the groups, as the request read them already with the account (no further statements).
 */
export async function afterPassword(
  ctx: IdentityContext,
  req: AnyRequest,
  res: AnyResponse,
  uid: string,
  urls: SecondFactorUrls,
  user: User,
  known?: { hasSecondFactor: boolean; groupPaths: string[] },
): Promise<void> {
  const csrf = csrfToken(ctx.keys.csrfSecrets, `interaction:${uid}`);
  if (known ? known.hasSecondFactor : await ctx.secondFactors.hasAnyFactor(user.id)) return showCodePage(ctx, res, uid, urls, user.id, csrf);
  const groups = known?.groupPaths ?? (await ctx.users.groupPathsOf([user.id])).get(user.id) ?? [];
  if (mustHaveSecondFactor(ctx.secondFactorPolicy, groups)) return showSetup(ctx, res, uid, urls, user, csrf);
  return finishSignIn(ctx, req, res, user, AMR_PASSWORD, groups);
}

/** The second step: the passkey form (with a challenge from this page's ticket) and the code form. */
export async function showCodePage(
  ctx: IdentityContext,
  res: AnyResponse,
  uid: string,
  urls: SecondFactorUrls,
  userId: string,
  csrf: string,
  error?: string,
  status = 200,
) {
  const ticket = ticketOf(ctx, uid, "code", userId, ctx.now());
  const [keys, factor] = await Promise.all([ctx.passkeys.list(userId), ctx.secondFactors.status(userId)]);
  const passkey = keys.length
    ? { action: urls.passkey, options: await authenticationOptions(ctx.relyingParty, keys, challengeOf(ctx.keys.csrfSecrets[0]!, ticket).bytes) }
    : undefined;
  const codes = factor.totp || factor.recoveryCodesLeft > 0;
  sendHtml(res, status, secondFactorPage(ctx.links, { action: urls.code, csrf, ticket, error, passkey, codes }));
}

/** The forced enrolment: a passkey or an authenticator app, both from the same ticket. */
export async function showSetup(
  ctx: IdentityContext,
  res: AnyResponse,
  uid: string,
  urls: SecondFactorUrls,
  user: User,
  csrf: string,
  errors: { error?: string; passkeyError?: string } = {},
  status = 200,
) {
  const secret = await ctx.secondFactors.pendingSecret(user.id);
  if (!secret) return expired(ctx, res);
  const ticket = ticketOf(ctx, uid, "setup", user.id, ctx.now());
  const options = await registrationOptions(ctx.relyingParty, user, [], challengeOf(ctx.keys.csrfSecrets[0]!, ticket).bytes);
  const page = secondFactorSetupPage(ctx.links, {
    action: urls.setup,
    csrf,
    ticket,
    secret: { uri: otpauthUri(secret, user.username), text: readableSecret(secret) },
    passkey: { action: urls.passkeySetup, options },
    ...errors,
  });
  sendHtml(res, status, page);
}

/** A post to one of the steps (the form's CSRF token is already checked). */
export async function handleSecondFactorStep(
  ctx: IdentityContext,
  req: AnyRequest,
  res: AnyResponse,
  uid: string,
  urls: SecondFactorUrls,
  step: "otp" | "otp-setup" | "otp-continue",
  form: URLSearchParams,
): Promise<void> {
  const csrf = csrfToken(ctx.keys.csrfSecrets, `interaction:${uid}`);
  const stage: Stage = step === "otp" ? "code" : step === "otp-setup" ? "setup" : "enrolled";
  const userId = userOfTicket(ctx, uid, stage, form.get("ticket"), ctx.now());
  const user = userId ? await ctx.users.findById(userId) : undefined;
  if (!user?.enabled || ctx.signInRefusal(user.id)) return expired(ctx, res);
  if (stage === "enrolled") return finishSignIn(ctx, req, res, user, AMR_PASSWORD_AND_OTP);

  const code = (form.get("code") ?? "").trim();
  const retry = (message: string, status: number) =>
    stage === "code"
      ? showCodePage(ctx, res, uid, urls, user.id, csrf, message, status)
      : showSetup(ctx, res, uid, urls, user, csrf, { error: message }, status);
  const bad = controlError("The code", code);
  if (bad) return retry(bad, 400);
  // Wrong codes count like wrong passwords: the same counters, backoff and lockout.
  const keys = signInKeys(ctx.policy, `account:${user.id}`, `ip:${clientAddress(req, ctx.trustProxy)}`);
  const verdict = await ctx.throttle.checkSignIn(keys);
  if (!verdict.allowed) return retry(throttledMessage(verdict.retryAfterSeconds, verdict.locked), 429);
  const actor = auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy);

  if (stage === "code") {
    const proof = code ? await ctx.secondFactors.verify(actor, user.id, code) : undefined;
    if (!proof) {
      await ctx.throttle.recordSignInFailure(keys);
      return retry("That code is not valid (or was already used).", 400);
    }
    if (verdict.pairCounted) await ctx.throttle.reset(keys.pair.key);
    return finishSignIn(ctx, req, res, user, AMR_PASSWORD_AND_OTP);
  }
  const codes = code ? await ctx.secondFactors.confirm(actor, user.id, code) : undefined;
  if (!codes) {
    await ctx.throttle.recordSignInFailure(keys);
    return retry("That code does not match. Check the key and your device's clock, then try the new code.", 400);
  }
  if (verdict.pairCounted) await ctx.throttle.reset(keys.pair.key);
  ctx.logger.info({ userId: user.id }, "authenticator app enrolled at sign-in");
  const ticket = ticketOf(ctx, uid, "enrolled", user.id, ctx.now());
  sendHtml(res, 200, recoveryCodesPage(ctx.links, { action: urls.enrolled, csrf, ticket, codes }));
}

/**
 * Ends the sign-in; the session (and so every token of it) records how: `amr`, and `acr` "1" or "2". `knownGroups`:
 * the user's groups as this request read them already (no second read).
 */
export async function finishSignIn(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, user: User, amr: string[], knownGroups?: string[]): Promise<void> {
  // Staff sign-ins open the console: the audit log keeps each one (who, when, from where), a step-up as such.
  const groups = knownGroups ?? (await ctx.users.groupPathsOf([user.id])).get(user.id) ?? [];
  if (isStaffAccess(ctx.access.resolve({ groups, roles: [] }).capabilities)) {
    const action = (await isStepUp(ctx, req, res, user.id)) ? "console.step-up" : "console.sign-in";
    await ctx.users.recordConsoleSignIn(auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy), user.id, action);
  }
  const acr = amr.length > 1 ? "2" : "1";
  // `create` is included so a `prompt=create` request also counts as answered when the user signed in instead.
  await ctx.provider.interactionFinished(
    req,
    res,
    { login: { accountId: user.id, remember: false, amr, acr }, create: {} },
    { mergeWithLastSubmission: false },
  );
}

export function expired(ctx: IdentityContext, res: AnyResponse): void {
  sendHtml(
    res,
    400,
    errorPage(ctx.links, { title: "Sign-in expired", message: "This sign-in page has expired or was already used. Go back to SRO and sign in again." }),
  );
}

/**
 * A step-up (docs/identity.md "Step-up"): the user signed in again in a browser already signed in as them, because
 * the app asked for a fresh sign-in (`prompt=login` or `max_age`) before a destructive action.
 */
async function isStepUp(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, userId: string): Promise<boolean> {
  const { params, session } = await ctx.provider.interactionDetails(req, res);
  const prompts = typeof params.prompt === "string" ? params.prompt.split(" ") : [];
  return session?.accountId === userId && (prompts.includes("login") || params.max_age !== undefined);
}
