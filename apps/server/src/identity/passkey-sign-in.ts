import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";
import { auditActorOfRequest, clientAddress, csrfToken, sendHtml } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import { signInKeys, throttledMessage } from "./login-throttle.js";
import { passkeyNameError } from "./passkey-account.js";
import { recoveryCodesPage } from "./pages/second-factor-pages.js";
import { challengeOf, verifyAuthentication, verifyRegistration } from "./passkeys.js";
import {
  AMR_PASSWORD_AND_PASSKEY,
  expired,
  finishSignIn,
  showCodePage,
  showSetup,
  ticketOf,
  userOfTicket,
  type SecondFactorUrls,
} from "./second-factor-sign-in.js";

export const PASSKEY_STEPS = ["passkey", "passkey-setup", "passkey-continue"] as const;
export type PasskeyStep = (typeof PASSKEY_STEPS)[number];

/**
 * The sign-in's passkey steps (the form's CSRF token is already checked): `passkey` answers the code page's challenge,
 * `passkey-setup` registers the first passkey at the forced enrolment, `passkey-continue` goes on after its recovery
 * codes. The challenge comes from the page's ticket, so an answer counts only for this authorization request.
 */
export async function handlePasskeyStep(
  ctx: IdentityContext,
  req: AnyRequest,
  res: AnyResponse,
  uid: string,
  urls: SecondFactorUrls,
  step: PasskeyStep,
  form: URLSearchParams,
): Promise<void> {
  const csrf = csrfToken(ctx.keys.csrfSecrets, `interaction:${uid}`);
  const stage = step === "passkey" ? "code" : step === "passkey-setup" ? "setup" : "enrolled-passkey";
  const ticket = form.get("ticket") ?? "";
  const userId = userOfTicket(ctx, uid, stage, ticket, ctx.now());
  const user = userId ? await ctx.users.findById(userId) : undefined;
  if (!user?.enabled || ctx.signInRefusal(user.id)) return expired(ctx, res);
  if (stage === "enrolled-passkey") return finishSignIn(ctx, req, res, user, AMR_PASSWORD_AND_PASSKEY);
  const challenge = challengeOf(ctx.keys.csrfSecrets[0]!, ticket).base64url;
  const response = form.get("response") ?? "";

  if (stage === "setup") {
    const name = (form.get("passkeyName") ?? "").trim();
    const badName = passkeyNameError(name);
    if (badName) return showSetup(ctx, res, uid, urls, user, csrf, { passkeyError: badName }, 400);
    const key = await verifyRegistration(ctx.relyingParty, response, challenge);
    const actor = auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy);
    const codes = key ? await ctx.passkeys.add(actor, user.id, { ...key, name }) : undefined;
    if (!codes) return showSetup(ctx, res, uid, urls, user, csrf, { passkeyError: "The passkey could not be verified. Try again." }, 400);
    ctx.logger.info({ userId: user.id }, "passkey enrolled at sign-in");
    if (!codes.length) return finishSignIn(ctx, req, res, user, AMR_PASSWORD_AND_PASSKEY);
    const next = ticketOf(ctx, uid, "enrolled-passkey", user.id, ctx.now());
    return sendHtml(res, 200, recoveryCodesPage(ctx.links, { action: urls.passkeyEnrolled, csrf, ticket: next, codes, what: "Your passkey is set up." }));
  }

  // A failed passkey counts like a wrong code: the same counters, backoff and lockout.
  const keys = signInKeys(ctx.policy, `account:${user.id}`, `ip:${clientAddress(req, ctx.trustProxy)}`);
  const verdict = await ctx.throttle.checkSignIn(keys);
  if (!verdict.allowed) return showCodePage(ctx, res, uid, urls, user.id, csrf, throttledMessage(verdict.retryAfterSeconds, verdict.locked), 429);
  const verified = await verifyAuthentication(ctx.relyingParty, response, challenge, (credentialId) => ctx.passkeys.find(user.id, credentialId));
  if (!verified || !(await ctx.passkeys.recordUse(verified.passkey.id, verified.newCounter))) {
    await ctx.throttle.recordSignInFailure(keys);
    return showCodePage(ctx, res, uid, urls, user.id, csrf, "That passkey could not be verified. Try again, or use a code.", 400);
  }
  if (verdict.pairCounted) await ctx.throttle.reset(keys.pair.key);
  return finishSignIn(ctx, req, res, user, AMR_PASSWORD_AND_PASSKEY);
}
