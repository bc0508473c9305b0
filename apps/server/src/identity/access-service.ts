import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import {
  CapabilitiesSchema,
  RoleMappingSchema,
  RoleMappingsSchema,
  RoleSchema,
  RolesSchema,
  type AccessService,
  type Role,
  type RoleMapping as RoleMappingMessage,
} from "../gen/sro/access_pb.js";
import { isBuiltInRole, type AccessResolver, type RoleDefinition, type RoleMapping } from "../platform/auth/access-resolution.js";
import { accessKey, callerOf } from "../platform/auth/caller.js";
import type { CapabilityName, Scope } from "../platform/auth/capabilities.js";
import {
  allRoles,
  grantedBy,
  requireCustomRole,
  requireGroupPath,
  requireHeld,
  requireMapping,
  requireNoLockOut,
  requireRole,
  requireRoleName,
  withMapping,
  withoutMapping,
  withRole,
} from "./role-rules.js";
import type { RoleStore } from "./role-store.js";

export interface AccessServiceDeps {
  store: RoleStore;
  /** This node's copy of the roles and mappings. */
  resolver: AccessResolver;
  /** After a committed change: every node (this one first) reads the roles and mappings again. */
  changed: () => Promise<void>;
}

/**
 * sro.AccessService: the caller's own capabilities, so the web app shows what the caller may do without a copy of the
 * table; and the roles and group mappings those capabilities come from (docs/permissions.md "Roles and mappings").
 */
export function createAccessService(deps: AccessServiceDeps): ServiceImpl<typeof AccessService> {
  const { store, resolver } = deps;
  const held = (ctx: HandlerContext) => ctx.values.get(accessKey).capabilities;
  const committed = async <T>(result: T): Promise<T> => {
    await deps.changed();
    return result;
  };
  return {
    getMyCapabilities(_req, ctx) {
      return create(CapabilitiesSchema, { role: callerOf(ctx).role, capabilities: listed(held(ctx)) });
    },
    listRoles() {
      return create(RolesSchema, { roles: allRoles(resolver.snapshot()).map(roleMessage) });
    },
    listRoleMappings() {
      return create(RoleMappingsSchema, { mappings: [...resolver.snapshot().mappings].sort(byPath).map(mappingMessage) });
    },
    async createRole(req, ctx) {
      const role = requireRole(req);
      requireHeld(held(ctx), role.capabilities, `role "${role.name}"`);
      await store.change(auditActorOf(ctx), async (snapshot, writes) => {
        if (allRoles(snapshot).some((r) => r.name === role.name)) throw new ConnectError(`role "${role.name}" already exists`, Code.AlreadyExists);
        await writes.putRole(role);
      });
      return committed(roleMessage(role));
    },
    async editRole(req, ctx) {
      const role = requireRole(req);
      requireHeld(held(ctx), role.capabilities, `role "${role.name}"`);
      await store.change(auditActorOf(ctx), async (snapshot, writes) => {
        const before = requireCustomRole(snapshot, role.name, "edited");
        requireNoLockOut(withRole(snapshot, role));
        await writes.putRole(role, before);
      });
      return committed(roleMessage(role));
    },
    async deleteRole(req, ctx) {
      const name = requireRoleName(req.name, "name");
      await store.change(auditActorOf(ctx), async (snapshot, writes) => {
        const role = requireCustomRole(snapshot, name, "deleted");
        const mappedFrom = snapshot.mappings.filter((m) => m.roles.includes(name)).map((m) => m.groupPath);
        if (mappedFrom.length > 0) {
          throw new ConnectError(
            `failed precondition: role "${name}" is mapped from ${mappedFrom.join(", ")}; change those mappings first`,
            Code.FailedPrecondition,
          );
        }
        await writes.deleteRole(role);
      });
      return committed({});
    },
    async setRoleMapping(req, ctx) {
      const mapping = await store.change(auditActorOf(ctx), async (snapshot, writes) => {
        const mapping = requireMapping(snapshot, req.groupPath, req.roles);
        requireHeld(held(ctx), grantedBy(snapshot, mapping.roles), `mapping "${mapping.groupPath}"`);
        requireNoLockOut(withMapping(snapshot, mapping));
        await writes.setMapping(
          mapping,
          snapshot.mappings.find((m) => m.groupPath === mapping.groupPath),
        );
        return mapping;
      });
      return committed(mappingMessage(mapping));
    },
    async deleteRoleMapping(req, ctx) {
      const groupPath = requireGroupPath(req.groupPath);
      await store.change(auditActorOf(ctx), async (snapshot, writes) => {
        const before = snapshot.mappings.find((m) => m.groupPath === groupPath);
        if (!before) throw new ConnectError(`no mapping for group "${groupPath}"`, Code.NotFound);
        requireNoLockOut(withoutMapping(snapshot, groupPath));
        await writes.deleteMapping(before);
      });
      return committed({});
    },
  };
}

const listed = (capabilities: ReadonlyMap<CapabilityName, Scope>) =>
  [...capabilities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, scope]) => ({ name, scope }));

const roleMessage = (role: RoleDefinition): Role =>
  create(RoleSchema, {
    name: role.name,
    description: role.description,
    builtIn: isBuiltInRole(role.name) && role.builtIn,
    sole: role.sole,
    capabilities: listed(role.capabilities),
  });

const mappingMessage = (mapping: RoleMapping): RoleMappingMessage => create(RoleMappingSchema, { groupPath: mapping.groupPath, roles: [...mapping.roles] });

const byPath = (a: RoleMapping, b: RoleMapping) => (a.groupPath < b.groupPath ? -1 : a.groupPath > b.groupPath ? 1 : 0);
