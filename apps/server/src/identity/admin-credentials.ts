import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";

import type { Caller } from "../platform/auth/caller.js";
import { auditActorOfRequest, sendJson } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import type { User } from "./user-store.js";

/**
 * Keycloak's credential paths of the admin API (keycloak-admin-client's users.getCredentials and
 * users.deleteCredential), for the second factor only: an admin resets another staff member's lost authenticator app
 * or passkey ("user.otp.reset", "user.passkey.reset" in the audit log); the user sets up a new one at their next sign-in when the policy names them.
 * One's own is removed on the account page (with the code or password), never here.
 */
export async function listCredentials(ctx: IdentityContext, res: AnyResponse, user: User): Promise<void> {
  const status = await ctx.secondFactors.status(user.id);
  // Keycloak's "webauthn" credentials; their credentialData stays out (it would hold the public key).
  const passkeys = (await ctx.passkeys.list(user.id)).map((k) => ({
    id: k.id,
    type: "webauthn",
    userLabel: k.name,
    createdDate: k.createdAt.getTime(),
  }));
  sendJson(res, 200, [
    ...(status.totp
      ? [
          {
            id: status.credentialId,
            type: "otp",
            userLabel: "Authenticator app",
            createdDate: status.confirmedAt?.getTime(),
            credentialData: JSON.stringify({ subType: "totp", digits: 6, period: 30, algorithm: "HmacSHA1", counter: 0 }),
          },
        ]
      : []),
    ...passkeys,
  ]);
}

export async function deleteCredential(
  ctx: IdentityContext,
  req: AnyRequest,
  res: AnyResponse,
  caller: Caller,
  user: User,
  credentialId: string,
): Promise<void> {
  if (user.id === caller.sub)
    return sendJson(res, 400, { errorMessage: "You cannot reset your own second factor here: use your account page, or ask another admin" });
  const status = await ctx.secondFactors.status(user.id);
  const actor = auditActorOfRequest(caller, req, ctx.trustProxy);
  if (!status.totp || status.credentialId !== credentialId) {
    const passkey = (await ctx.passkeys.list(user.id)).find((k) => k.id === credentialId);
    if (!passkey || !(await ctx.passkeys.remove(actor, user.id, passkey.id, "user.passkey.reset")))
      return sendJson(res, 404, { error: "Credential not found" });
    ctx.logger.info({ by: caller.sub, userId: user.id }, "passkey reset by an admin");
    res.writeHead(204);
    return void res.end();
  }
  await ctx.secondFactors.remove(actor, user.id, "user.otp.reset");
  ctx.logger.info({ by: caller.sub, userId: user.id }, "second factor reset by an admin");
  res.writeHead(204);
  res.end();
}
