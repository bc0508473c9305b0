import { mustHaveSecondFactor } from "../platform/auth/second-factor.js";
import type { AnyRequest } from "../platform/http/listener.js";
import { controlError } from "../platform/text-rules.js";
import { auditActorOfRequest, clientAddress } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import { signInKeys, throttledMessage } from "./login-throttle.js";
import type { TwoFactorSection } from "./pages/second-factor-section.js";
import { handlePasskeyPost, passkeyRegistration } from "./passkey-account.js";
import { verifyPassword } from "./passwords.js";
import { looksLikeTotpCode, otpauthUri, readableSecret } from "./totp.js";
import type { User } from "./user-store.js";

/** What the account page's section shows by default (the rest of TwoFactorSection comes from the page). */
export async function twoFactorState(ctx: IdentityContext, user: User, sessionUid: string): Promise<Omit<TwoFactorSection, "csrf" | "action">> {
  const status = await ctx.secondFactors.status(user.id);
  const passkeys = (await ctx.passkeys.list(user.id)).map(({ id, name, createdAt }) => ({ id, name, createdAt }));
  const groups = (await ctx.users.groupPathsOf([user.id])).get(user.id) ?? [];
  return {
    totp: status.totp,
    confirmedAt: status.confirmedAt,
    recoveryCodesLeft: status.recoveryCodesLeft,
    required: mustHaveSecondFactor(ctx.secondFactorPolicy, groups),
    passkeys,
    passkeyRegistration: await passkeyRegistration(ctx, user, sessionUid),
  };
}

export type TwoFactorOutcome = { status: number; section: Partial<TwoFactorSection> };

/**
 * The section's posts: `do=setup` shows a pending secret, `do=confirm` checks the app's code and shows the recovery
 * codes once, `do=remove` needs the current code or the password. Codes and passwords here are checked under the
 * sign-in throttle, like the password change.
 */
export async function handleTwoFactorPost(
  ctx: IdentityContext,
  req: AnyRequest,
  user: User,
  sessionUid: string,
  form: URLSearchParams,
): Promise<TwoFactorOutcome> {
  const action = form.get("do");
  if (action === "passkey-add" || action === "passkey-remove") return handlePasskeyPost(ctx, req, user, sessionUid, form);
  const actor = auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy);
  const setupOf = async () => {
    const secret = await ctx.secondFactors.pendingSecret(user.id);
    return secret ? { uri: otpauthUri(secret, user.username), text: readableSecret(secret) } : undefined;
  };
  if (action === "setup") {
    const setup = await setupOf();
    return setup
      ? { status: 200, section: { setup } }
      : { status: 400, section: { notice: { kind: "error", message: "An authenticator app is already set up." } } };
  }
  if (action !== "confirm" && action !== "remove") {
    return {
      status: 400,
      section: { notice: { kind: "error", message: "The do field must be setup, confirm, remove, passkey-add or passkey-remove." } },
    };
  }
  const field = action === "confirm" ? "code" : "proof";
  const input = (form.get(field) ?? "").trim();
  const bad = controlError(action === "confirm" ? "The code" : "The code or password", input);
  const failed = async (error: string, status = 400) => ({ status, section: { error, setup: action === "confirm" ? await setupOf() : undefined } });
  if (bad) return failed(bad);
  const keys = signInKeys(ctx.policy, `account:${user.id}`, `ip:${clientAddress(req, ctx.trustProxy)}`);
  const verdict = await ctx.throttle.checkSignIn(keys);
  if (!verdict.allowed) return failed(throttledMessage(verdict.retryAfterSeconds, verdict.locked), 429);

  if (action === "confirm") {
    const codes = input ? await ctx.secondFactors.confirm(actor, user.id, input) : undefined;
    if (!codes) {
      await ctx.throttle.recordSignInFailure(keys);
      return failed("That code does not match. Check the key and your device's clock, then try the new code.");
    }
    ctx.logger.info({ userId: user.id }, "authenticator app enrolled");
    // A passkey came first: its recovery codes stay (codes is empty then).
    return { status: 200, section: { recoveryCodes: codes, notice: { kind: "success", message: "Your authenticator app is set up." } } };
  }
  const proven =
    input !== "" &&
    ((looksLikeTotpCode(input) && (await ctx.secondFactors.verify(actor, user.id, input)) === "otp") ||
      (await verifyPassword(input, (await ctx.users.passwordHashOf(user.id)) ?? "")));
  if (!proven) {
    await ctx.throttle.recordSignInFailure(keys);
    return failed("Enter the current code from your app, or your password.");
  }
  await ctx.secondFactors.remove(actor, user.id, "user.otp.remove");
  ctx.logger.info({ userId: user.id }, "authenticator app removed");
  return { status: 200, section: { notice: { kind: "success", message: "Your authenticator app was removed." } } };
}
