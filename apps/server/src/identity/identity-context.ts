import type Provider from "oidc-provider";
import type { AuditActor, AuditChange } from "../audit/audit-trail.js";
import type { SessionSummary } from "./session-list.js";
import type { TokenVerifier } from "../platform/auth/token-verifier.js";
import type { Logger } from "../platform/logger.js";
import type { ClientRegistry } from "./clients.js";
import type { LoginThrottle, ThrottlePolicy } from "./login-throttle.js";
import type { PageLinks } from "./pages/layout.js";
import type { SigningKeySet } from "./signing-keys.js";
import type { UserStore } from "./user-store.js";
import type { SecondFactorStore } from "./second-factor-store.js";
import type { PasskeyStore } from "./passkey-store.js";
import type { RelyingParty } from "./passkeys.js";
import type { SecondFactorPolicy } from "../platform/auth/second-factor.js";
import type { AccessResolver } from "../platform/auth/access-resolution.js";

/** What the identity route handlers share. */
export interface IdentityContext {
  provider: Provider;
  users: UserStore;
  /** Authenticator apps and recovery codes; who must have one (SECOND_FACTOR_GROUPS). */
  secondFactors: SecondFactorStore;
  secondFactorPolicy: SecondFactorPolicy;
  /** Passkeys (WebAuthn credentials), the other second factor; the relying party is PUBLIC_URL. */
  passkeys: PasskeyStore;
  relyingParty: RelyingParty;
  throttle: LoginThrottle;
  policy: ThrottlePolicy;
  links: PageLinks;
  keys: SigningKeySet;
  clients: ClientRegistry;
  /** The roles and group mappings (docs/permissions.md "Roles and mappings"): the users API asks their capabilities. */
  access: AccessResolver;
  /** Verifies access tokens of this provider (userinfo, account JSON, admin API). */
  tokens: TokenVerifier;
  /** "/realms/default" */
  realmPath: string;
  /** "/admin/realms/default" */
  adminPath: string;
  issuer: string;
  publicUrl: string;
  trustProxy: boolean;
  logger: Logger;
  /** The clock of throttling, tickets and codes (tests set it). */
  now(): number;
  /** Appends an audit record outside a write: reads of personal data (the users API's e-mail addresses). */
  audit(actor: AuditActor, change: AuditChange): Promise<void>;
  /** Call after a change of a user's groups or enabled flag: their tokens stop working on every node. */
  onUserChanged(userId: string): void;
  /** Ends the user's sessions and grants (refresh tokens included), all but the session with `keepSessionUid`. */
  endSessions(userId: string, keepSessionUid?: string): Promise<number>;
  /** A user's live sign-in sessions (session-list.ts), and ending one or all of them, audited. */
  sessions: {
    list(userId: string): Promise<SessionSummary[]>;
    end(actor: AuditActor, userId: string, sessionUid?: string): Promise<string[]>;
    ownerOf(sessionUid: string): Promise<string | undefined>;
  };
  /** Call after a session ended: its tokens stop working on every node. */
  onSessionEnded(userId: string, sessionId: string): void;
  /** Why this user may not sign in (an account ban), or undefined. */
  signInRefusal(userId: string): string | undefined;
}
