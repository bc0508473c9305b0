import { eq, sql } from "drizzle-orm";
import { appendAudit, SYSTEM_ACTOR, type AuditActor } from "../audit/audit-trail.js";
import { defaultMappings, type AccessSnapshot, type RoleDefinition, type RoleMapping } from "../platform/auth/access-resolution.js";
import { isCapabilityName } from "../platform/auth/capabilities.js";
import type { Db } from "../platform/db/database.js";
import { accessRoles, roleMappings } from "./schema.js";

/** The writes of one change of roles or mappings, each with its audit record in the change's transaction. */
export interface RoleWrites {
  putRole(role: RoleDefinition, before?: RoleDefinition): Promise<void>;
  deleteRole(role: RoleDefinition): Promise<void>;
  setMapping(mapping: RoleMapping, before?: RoleMapping): Promise<void>;
  deleteMapping(before: RoleMapping): Promise<void>;
}

export type RoleStore = ReturnType<typeof createRoleStore>;

export function createRoleStore(db: Db, now: () => number = Date.now) {
  return {
    load: () => readSnapshot(db),
    /**
     * Runs one change in a transaction that holds the roles' lock, against the stored roles and mappings (not a
     * node's copy), so two admins' changes cannot both pass the no-lock-out rule on the same old state.
     */
    change<T>(actor: AuditActor, work: (snapshot: AccessSnapshot, writes: RoleWrites) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lock(tx);
        return work(await readSnapshot(tx), writesOf(tx, actor, now()));
      });
    },
    /** First start: today's groups get today's roles (the mappings can never all go: no lock-out). */
    async seedDefaults(): Promise<void> {
      await db.transaction(async (tx) => {
        await lock(tx);
        const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(roleMappings)) as [{ count: number }];
        if (count > 0) return;
        const writes = writesOf(tx, SYSTEM_ACTOR, now());
        for (const mapping of defaultMappings) await writes.setMapping(mapping);
      });
    },
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const lock = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('access_roles'))`);

async function readSnapshot(db: Pick<Db, "select">): Promise<AccessSnapshot> {
  const roles = await db.select().from(accessRoles).orderBy(accessRoles.name);
  const pairs = await db.select().from(roleMappings).orderBy(roleMappings.groupPath, roleMappings.roleName);
  const mappings = new Map<string, string[]>();
  for (const { groupPath, roleName } of pairs) mappings.set(groupPath, [...(mappings.get(groupPath) ?? []), roleName]);
  return {
    customRoles: roles.map((r) => ({
      name: r.name,
      description: r.description,
      builtIn: false,
      sole: r.sole,
      // A capability a newer node stored and this one does not know grants nothing here.
      capabilities: new Map(r.capabilities.flatMap((c) => (isCapabilityName(c.name) ? [[c.name, c.scope] as const] : []))),
    })),
    mappings: [...mappings].map(([groupPath, roles]) => ({ groupPath, roles })),
  };
}

/** How a role reads in the audit log. */
const recorded = (role: RoleDefinition) => ({
  name: role.name,
  description: role.description,
  sole: role.sole,
  capabilities: [...role.capabilities].map(([name, scope]) => ({ name, scope })),
});

function writesOf(tx: Tx, actor: AuditActor, atMs: number): RoleWrites {
  const audit = (action: string, targetType: string, targetId: string, before?: unknown, after?: unknown) =>
    appendAudit(tx, actor, { action, targetType, targetId, before, after }, atMs);
  return {
    async putRole(role, before) {
      const row = { ...recorded(role), updatedAt: new Date(atMs) };
      await tx.insert(accessRoles).values(row).onConflictDoUpdate({ target: accessRoles.name, set: row });
      await audit(before ? "role.edit" : "role.create", "role", role.name, before && recorded(before), recorded(role));
    },
    async deleteRole(role) {
      await tx.delete(accessRoles).where(eq(accessRoles.name, role.name));
      await audit("role.delete", "role", role.name, recorded(role));
    },
    async setMapping(mapping, before) {
      await tx.delete(roleMappings).where(eq(roleMappings.groupPath, mapping.groupPath));
      await tx.insert(roleMappings).values(mapping.roles.map((roleName) => ({ groupPath: mapping.groupPath, roleName })));
      await audit(before ? "role-mapping.edit" : "role-mapping.create", "role-mapping", mapping.groupPath, before && { roles: before.roles }, {
        roles: mapping.roles,
      });
    },
    async deleteMapping(before) {
      await tx.delete(roleMappings).where(eq(roleMappings.groupPath, before.groupPath));
      await audit("role-mapping.delete", "role-mapping", before.groupPath, { roles: before.roles });
    },
  };
}
