import { parseArgs } from "node:util";
import { SYSTEM_ACTOR } from "../audit/audit-trail.js";
import { ConfigError, loadConfig } from "../platform/config.js";
import { openDatabase } from "../platform/db/database.js";
import { ensureGroupTree } from "./group-tree.js";
import { hashPassword } from "./passwords.js";
import { emailError, MIN_PASSWORD_LENGTH, usernameError } from "./profile-rules.js";
import { createSigningKey, listSigningKeys, retireOlderSigningKeys } from "./signing-keys.js";
import { createUserStore } from "./user-store.js";
import { createSecondFactorStore } from "./second-factor-store.js";
import { createPasskeyStore } from "./passkey-store.js";

/**
 * Operator commands for the embedded identity provider, on the server's storage (DATABASE_URL, else PGlite under
 * DATA_DIR; stop the server first with PGlite, it allows one process only). See docs/identity.md.
 */
const USAGE = `usage: node apps/server/dist/identity/identity-cli.js <command>
  create-admin --username <name> --email <address> [--first-name <n>] [--last-name <n>]
               password from IDENTITY_ADMIN_PASSWORD (at least ${MIN_PASSWORD_LENGTH} characters)
  reset-second-factor --username <name>
                      remove the user's authenticator app and recovery codes (a lost factor; audited); staff set
                      up a new one at their next sign-in
  keys                list signing keys (newest first)
  rotate-key          add a signing key; it signs once the nodes restart, old keys keep verifying
  retire-old-keys     retire every key but the newest; nodes stop accepting tokens signed with them after restart`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command] = positionals;
  if (values.help || !command) return void process.stdout.write(`${USAGE}\n`);
  const config = loadConfig();
  if (config.identity.mode !== "embedded") fail("OIDC_ISSUER is set: users and keys live in the external provider (docs/keycloak.md)");
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const db = database.db;
    if (command === "create-admin") {
      const username = (values.username ?? "").trim().toLowerCase();
      const email = (values.email ?? "").trim().toLowerCase();
      const password = process.env.IDENTITY_ADMIN_PASSWORD ?? "";
      const problem =
        usernameError(username) ??
        emailError(email) ??
        (password.length < MIN_PASSWORD_LENGTH ? `IDENTITY_ADMIN_PASSWORD needs at least ${MIN_PASSWORD_LENGTH} characters` : undefined);
      if (problem) fail(problem);
      await ensureGroupTree(db);
      const users = createUserStore(db);
      const taken = await users.taken({ username, email });
      if (taken.username || taken.email) fail(`${taken.username ? "username" : "email"} is already taken`);
      // The operator at the machine: the audit log names the command, not a signed-in user.
      const user = await users.create(
        { ...SYSTEM_ACTOR, name: "identity-cli create-admin" },
        {
          username,
          email,
          firstName: values["first-name"] ?? "",
          lastName: values["last-name"] ?? "",
          passwordHash: await hashPassword(password),
          groupPaths: ["/Moderator/Admin"],
        },
      );
      process.stdout.write(`created ${user.username} (${user.id}) in /Moderator/Admin\n`);
    } else if (command === "reset-second-factor") {
      const login = (values.username ?? "").trim();
      const user = login ? await createUserStore(db).findForLogin(login) : undefined;
      if (!user) fail(`no user ${JSON.stringify(login)} (give --username <name or email>)`);
      // Break-glass at the machine: the audit log names the command, as for create-admin.
      const actor = { ...SYSTEM_ACTOR, name: "identity-cli reset-second-factor" };
      const removed = await createSecondFactorStore(db).remove(actor, user.id, "user.otp.reset");
      const passkeys = await createPasskeyStore(db).removeAll(actor, user.id);
      process.stdout.write(removed || passkeys ? `removed the second factor of ${user.username}\n` : `${user.username} has no second factor\n`);
    } else if (command === "keys") {
      const keys = await listSigningKeys(db);
      if (!keys.length) process.stdout.write("no signing keys yet: the server creates one on its first start\n");
      for (const key of keys) {
        process.stdout.write(`${key.kid}  created ${key.createdAt.toISOString()}  ${key.retiredAt ? `retired ${key.retiredAt.toISOString()}` : "active"}\n`);
      }
    } else if (command === "rotate-key") {
      process.stdout.write(`added signing key ${await createSigningKey(db)}; restart the nodes to sign with it\n`);
    } else if (command === "retire-old-keys") {
      process.stdout.write(`retired ${await retireOlderSigningKeys(db)} key(s); restart the nodes to stop accepting them\n`);
    } else {
      fail(`unknown command ${command}`);
    }
  } finally {
    await database.close();
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
