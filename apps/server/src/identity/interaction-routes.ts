import { randomUUID } from "node:crypto";

import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";
import { isUniqueViolation } from "../platform/db/errors.js";
import { NEW_USER_GROUP } from "./group-tree.js";
import { auditActorOfRequest, clientAddress, csrfToken, isSameOriginPost, readForm, sendHtml, verifyCsrfToken } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import { errorPage } from "./pages/message-pages.js";
import { loginPage, registerPage, type RegisterPage } from "./pages/sign-in-pages.js";
import { controlError } from "../platform/text-rules.js";
import { signInKeys, throttledMessage } from "./login-throttle.js";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.js";
import { afterPassword, AMR_PASSWORD, finishSignIn, handleSecondFactorStep, secondFactorUrls } from "./second-factor-sign-in.js";
import { handlePasskeyStep, PASSKEY_STEPS } from "./passkey-sign-in.js";
import { normaliseRegistration, registrationErrors, TAKEN } from "./profile-rules.js";

/** The sign-in and registration pages of an authorization request (oidc-provider "interactions"). */
type Interaction = Awaited<ReturnType<IdentityContext["provider"]["interactionDetails"]>>;

const INVALID_CREDENTIALS = "Invalid username or password.";

export async function handleInteraction(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, uid: string, step: string): Promise<void> {
  let interaction: Interaction;
  try {
    interaction = await ctx.provider.interactionDetails(req, res);
  } catch {
    return expired(ctx, res);
  }
  if (interaction.uid !== uid) return expired(ctx, res);

  const base = `${ctx.realmPath}/login-actions/${uid}`;
  const urls = { login: `${base}/login`, register: `${base}/register` };
  const csrf = csrfToken(ctx.keys.csrfSecrets, `interaction:${uid}`);
  const loginHint = typeof interaction.params.login_hint === "string" ? interaction.params.login_hint : undefined;
  const showLogin = (p: { username?: string; error?: string; status?: number }) =>
    sendHtml(
      res,
      p.status ?? 200,
      loginPage(ctx.links, { action: urls.login, registerUrl: urls.register, csrf, username: p.username ?? loginHint, error: p.error }),
    );
  const showRegister = (p: Partial<RegisterPage> & { status?: number }) =>
    sendHtml(res, p.status ?? 200, registerPage(ctx.links, { action: urls.register, loginUrl: urls.login, csrf, ...p }));

  if (interaction.prompt.name === "consent") return finishConsent(ctx, req, res, interaction);

  if (req.method === "GET" || req.method === "HEAD") {
    if (step === "register" || (step === "" && interaction.prompt.name === "create")) return showRegister({});
    if (step === "" || step === "login") return showLogin({});
    return notFound(ctx, res);
  }
  const secondFactorSteps = ["otp", "otp-setup", "otp-continue"] as const;
  const secondFactorStep = secondFactorSteps.find((s) => s === step);
  const passkeyStep = PASSKEY_STEPS.find((s) => s === step);
  if (req.method !== "POST" || (step !== "login" && step !== "register" && !secondFactorStep && !passkeyStep)) return notFound(ctx, res);

  const form = await readForm(req);
  if (!isSameOriginPost(req, new URL(ctx.publicUrl).origin) || !verifyCsrfToken(ctx.keys.csrfSecrets, `interaction:${uid}`, form.get("csrf"))) {
    return sendHtml(res, 403, errorPage(ctx.links, { title: "Request refused", message: "This form could not be verified. Reload the page and try again." }));
  }

  if (passkeyStep) return handlePasskeyStep(ctx, req, res, uid, secondFactorUrls(base), passkeyStep, form);
  if (secondFactorStep) return handleSecondFactorStep(ctx, req, res, uid, secondFactorUrls(base), secondFactorStep, form);
  const address = `ip:${clientAddress(req, ctx.trustProxy)}`;
  if (step === "login") {
    const login = (form.get("username") ?? "").trim();
    const password = form.get("password") ?? "";
    if (!login || !password) return showLogin({ username: login, error: INVALID_CREDENTIALS });
    const badText = controlError("The username", login) ?? controlError("The password", password);
    if (badText) return showLogin({ username: "", error: badText, status: 400 });
    // One statement: the account with its hash, groups and whether a second factor follows (afterPassword's questions).
    const account = await ctx.users.findForSignIn(login);
    const keys = signInKeys(ctx.policy, account ? `account:${account.id}` : `login:${login.toLowerCase()}`, address);
    const verdict = await ctx.throttle.checkSignIn(keys);
    if (!verdict.allowed) return showLogin({ username: login, error: throttledMessage(verdict.retryAfterSeconds, verdict.locked), status: 429 });
    const ok = account ? await verifyPassword(password, account.passwordHash) : await verifyAgainstNothing(password);
    if (!ok || !account) {
      await ctx.throttle.recordSignInFailure(keys);
      return showLogin({ username: login, error: INVALID_CREDENTIALS });
    }
    if (!account.enabled) return showLogin({ username: login, error: "Your account is disabled. Contact an administrator." });
    const banned = ctx.signInRefusal(account.id);
    if (banned) return showLogin({ username: login, error: banned, status: 403 });
    if (verdict.pairCounted) await ctx.throttle.reset(keys.pair.key);
    return afterPassword(ctx, req, res, uid, secondFactorUrls(base), account, account);
  }

  // Registration.
  const attempts = ctx.policy.registrationAttemptsPerAddress;
  const input = normaliseRegistration(form);
  const values = { username: input.username, email: input.email, firstName: input.firstName, lastName: input.lastName };
  if (!(await ctx.throttle.consume(`register-attempt:${address}`, attempts.limit, attempts.windowSeconds))) {
    return showRegister({ values, error: "Too many registration attempts from your network. Please try again later.", status: 429 });
  }
  const errors = registrationErrors(input);
  if (!errors.username || !errors.email) {
    const taken = await ctx.users.taken({ username: errors.username ? undefined : input.username, email: errors.email ? undefined : input.email });
    if (taken.username) errors.username = TAKEN.username;
    if (taken.email) errors.email = TAKEN.email;
  }
  if (Object.keys(errors).length) return showRegister({ values, errors, status: 400 });
  const created = ctx.policy.registrationsPerAddress;
  if (!(await ctx.throttle.consume(`register:${address}`, created.limit, created.windowSeconds))) {
    return showRegister({ values, error: "Too many accounts were created from your network. Please try again later.", status: 429 });
  }
  try {
    // The new user registers themselves: they are the actor of their own creation.
    const id = randomUUID();
    const actor = auditActorOfRequest({ sub: id, username: values.username }, req, ctx.trustProxy);
    const user = await ctx.users.create(actor, { ...values, id, passwordHash: await hashPassword(input.password), groupPaths: [NEW_USER_GROUP] });
    ctx.logger.info({ userId: user.id, username: user.username }, "user registered");
    return finishSignIn(ctx, req, res, user, AMR_PASSWORD);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone took the name between the check and the insert.
    const taken = await ctx.users.taken({ username: input.username, email: input.email });
    return showRegister({
      values,
      errors: { username: taken.username ? TAKEN.username : undefined, email: taken.email ? TAKEN.email : undefined },
      status: 400,
    });
  }
}

/** loadExistingGrant normally answers consent; should a consent prompt still come up, first-party consent is implied. */
async function finishConsent(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, interaction: Interaction): Promise<void> {
  const { Grant } = ctx.provider;
  const grant = interaction.grantId
    ? await Grant.find(interaction.grantId)
    : new Grant({ accountId: interaction.session?.accountId, clientId: String(interaction.params.client_id) });
  if (!grant) return expired(ctx, res);
  const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(" "));
  const grantId = await grant.save();
  await ctx.provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

function expired(ctx: IdentityContext, res: AnyResponse): void {
  sendHtml(
    res,
    400,
    errorPage(ctx.links, { title: "Sign-in expired", message: "This sign-in page has expired or was already used. Go back to SRO and sign in again." }),
  );
}

function notFound(ctx: IdentityContext, res: AnyResponse): void {
  sendHtml(res, 404, errorPage(ctx.links, { title: "Page not found", message: "There is nothing at this address." }));
}
