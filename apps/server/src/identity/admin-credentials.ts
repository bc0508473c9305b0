import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";

import type { Caller } from "../platform/auth/caller.js";
import { auditActorOfRequest, sendJson } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import type { User } from "./user-store.js";

/**
 * Keycloak's credential paths of the admin API (keycloak-admin-client's users.getCredentials and
 * users.deleteCredential), for the second factor only: an admin resets another staff member's lost authenticator app
 * ("user.otp.reset" in the audit log); the user sets up a new one at their next sign-in when the policy names them.
 * One's own is removed on the account page (with the code or password), never here.
 */
export async function listCredentials(ctx: IdentityContext, res: AnyResponse, user: User): Promise<void> {
  const status = await ctx.secondFactors.status(user.id);
  sendJson(
    res,
    200,
    status.totp
      ? [
          {
            id: status.credentialId,
            type: "otp",
            userLabel: "Authenticator app",
            createdDate: status.confirmedAt?.getTime(),
            credentialData: JSON.stringify({ subType: "totp", digits: 6, period: 30, algorithm: "HmacSHA1", counter: 0 }),
          },
        ]
      : [],
  );
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
  if (!status.totp || status.credentialId !== credentialId) return sendJson(res, 404, { error: "Credential not found" });
  await ctx.secondFactors.remove(auditActorOfRequest(caller, req, ctx.trustProxy), user.id, "user.otp.reset");
  ctx.logger.info({ by: caller.sub, userId: user.id }, "second factor reset by an admin");
  res.writeHead(204);
  res.end();
}
