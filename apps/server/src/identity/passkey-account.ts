import type { AnyRequest } from "../platform/http/listener.js";
import { controlError } from "../platform/text-rules.js";
import { auditActorOfRequest, clientAddress, csrfToken, verifyCsrfToken } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import { signInKeys, throttledMessage } from "./login-throttle.js";
import type { TwoFactorSection } from "./pages/second-factor-section.js";
import { verifyPassword } from "./passwords.js";
import { challengeOf, registrationOptions, verifyRegistration } from "./passkeys.js";
import { looksLikeTotpCode } from "./totp.js";
import type { User } from "./user-store.js";

/**
 * Passkeys on "Your Profile": adding one (named, verified against a challenge bound to this browser session, the
 * user and a time) and removing one with the password or a current code, like the authenticator app.
 */
const TICKET_MS = 10 * 60 * 1000;
const MAX_NAME = 64;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const binding = (sessionUid: string, userId: string, issued: number) => `account-passkey:${sessionUid}:${userId}:${issued}`;

function ticketOf(ctx: IdentityContext, sessionUid: string, userId: string): string {
  const now = ctx.now();
  return `${now}.${csrfToken(ctx.keys.csrfSecrets, binding(sessionUid, userId, now))}`;
}

function validTicket(ctx: IdentityContext, sessionUid: string, userId: string, ticket: string): boolean {
  const [issued, mac] = ticket.split(".");
  const issuedMs = Number(issued);
  const now = ctx.now();
  if (!mac || !Number.isSafeInteger(issuedMs) || now - issuedMs > TICKET_MS || issuedMs > now) return false;
  return verifyCsrfToken(ctx.keys.csrfSecrets, binding(sessionUid, userId, issuedMs), mac);
}

/** The registration form's ticket and ceremony options for this page view. */
export async function passkeyRegistration(ctx: IdentityContext, user: User, sessionUid: string): Promise<TwoFactorSection["passkeyRegistration"]> {
  const ticket = ticketOf(ctx, sessionUid, user.id);
  const existing = await ctx.passkeys.list(user.id);
  return { ticket, options: await registrationOptions(ctx.relyingParty, user, existing, challengeOf(ctx.keys.csrfSecrets[0]!, ticket).bytes) };
}

export type PasskeyOutcome = { status: number; section: Partial<TwoFactorSection> };

export function passkeyNameError(name: string): string | undefined {
  if (!name) return "Enter a name for the passkey.";
  if (name.length > MAX_NAME) return `The passkey name must be at most ${MAX_NAME} characters.`;
  return controlError("The passkey name", name);
}

/** `do=passkey-add` and `do=passkey-remove` of the two-factor section. */
export async function handlePasskeyPost(ctx: IdentityContext, req: AnyRequest, user: User, sessionUid: string, form: URLSearchParams): Promise<PasskeyOutcome> {
  const actor = auditActorOfRequest({ sub: user.id, username: user.username }, req, ctx.trustProxy);
  if (form.get("do") === "passkey-add") {
    const name = (form.get("passkeyName") ?? "").trim();
    const refused = (passkeyError: string) => ({ status: 400, section: { passkeyError } });
    const badName = passkeyNameError(name);
    if (badName) return refused(badName);
    const ticket = form.get("ticket") ?? "";
    if (!validTicket(ctx, sessionUid, user.id, ticket)) return refused("This form has expired. Try adding the passkey again.");
    const key = await verifyRegistration(ctx.relyingParty, form.get("response") ?? "", challengeOf(ctx.keys.csrfSecrets[0]!, ticket).base64url);
    if (!key) return refused("The passkey could not be verified. Try again.");
    const codes = await ctx.passkeys.add(actor, user.id, { ...key, name });
    if (!codes) return refused("That passkey is already registered.");
    ctx.logger.info({ userId: user.id }, "passkey enrolled");
    const notice = { kind: "success" as const, message: `Your passkey “${name}” was added.` };
    return { status: 200, section: { recoveryCodes: codes, notice } };
  }

  const proof = (form.get("passkeyProof") ?? "").trim();
  const failed = (passkeyRemoveError: string, status = 400) => ({ status, section: { passkeyRemoveError } });
  const bad = controlError("The password or code", proof);
  if (bad) return failed(bad);
  const keys = signInKeys(ctx.policy, `account:${user.id}`, `ip:${clientAddress(req, ctx.trustProxy)}`);
  const verdict = await ctx.throttle.checkSignIn(keys);
  if (!verdict.allowed) return failed(throttledMessage(verdict.retryAfterSeconds, verdict.locked), 429);
  const proven =
    proof !== "" &&
    ((looksLikeTotpCode(proof) && (await ctx.secondFactors.verify(actor, user.id, proof)) === "otp") ||
      (await verifyPassword(proof, (await ctx.users.passwordHashOf(user.id)) ?? "")));
  if (!proven) {
    await ctx.throttle.recordSignInFailure(keys);
    return failed("Enter your password, or the current code from your app.");
  }
  const id = form.get("passkey") ?? "";
  if (!UUID.test(id) || !(await ctx.passkeys.remove(actor, user.id, id, "user.passkey.remove"))) {
    return failed("That passkey is not on your account (any more).");
  }
  ctx.logger.info({ userId: user.id }, "passkey removed");
  return { status: 200, section: { notice: { kind: "success", message: "The passkey was removed." } } };
}
