import type { Client } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AccessService, type Role } from '../../gen/sro/access_pb';
import { useGameServiceClient } from './use-game-api';

type AccessApi = Client<typeof AccessService>;
const useAccessApi = (): AccessApi => useGameServiceClient(AccessService);

export interface RoleRecord {
  name: string;
  description: string;
  builtIn: boolean;
  sole: boolean;
  capabilities: { name: string; scope: string }[];
}

export interface MappingRecord {
  groupPath: string;
  roles: string[];
}

export const roleKeys = { roles: ['roles'] as const, mappings: ['role-mappings'] as const };

const toRole = (role: Role): RoleRecord => ({
  name: role.name,
  description: role.description,
  builtIn: role.builtIn,
  sole: role.sole,
  capabilities: role.capabilities.map((c) => ({ name: c.name, scope: c.scope })),
});

export function useRoles() {
  const api = useAccessApi();
  return useQuery({ queryKey: roleKeys.roles, queryFn: async () => (await api.listRoles({})).roles.map(toRole) });
}

export function useRoleMappings() {
  const api = useAccessApi();
  return useQuery({
    queryKey: roleKeys.mappings,
    queryFn: async () => (await api.listRoleMappings({})).mappings.map((m) => ({ groupPath: m.groupPath, roles: [...m.roles] })),
  });
}

/** Every write reads both lists again: a role's deletion and a mapping's change are checked against each other. */
function useAccessWrite<I>(call: (api: AccessApi, input: I) => Promise<unknown>) {
  const api = useAccessApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => call(api, input),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: roleKeys.roles }), client.invalidateQueries({ queryKey: roleKeys.mappings })]),
  });
}

export type RoleInput = Omit<RoleRecord, 'builtIn'>;

export const useCreateRole = () => useAccessWrite((api, role: RoleInput) => api.createRole(role));
export const useEditRole = () => useAccessWrite((api, role: RoleInput) => api.editRole(role));
export const useDeleteRole = () => useAccessWrite((api, name: string) => api.deleteRole({ name }));
export const useSetRoleMapping = () => useAccessWrite((api, mapping: MappingRecord) => api.setRoleMapping(mapping));
export const useDeleteRoleMapping = () => useAccessWrite((api, groupPath: string) => api.deleteRoleMapping({ groupPath }));

/**
 * The capabilities a role can name: every one some built-in role holds (the server's whole list), grouped by the part
 * before the first dot ('chat-history.purge' under 'Chat history'), with whether some role holds it only for its own.
 */
export function capabilityGroups(roles: readonly RoleRecord[]): { title: string; capabilities: { name: string; hasOwn: boolean }[] }[] {
  const hasOwn = new Map<string, boolean>();
  for (const role of roles) for (const c of role.capabilities) hasOwn.set(c.name, (hasOwn.get(c.name) ?? false) || c.scope === 'own');
  const groups = new Map<string, { name: string; hasOwn: boolean }[]>();
  for (const name of [...hasOwn.keys()].sort()) {
    const head = name.split('.')[0]!;
    const title = head.charAt(0).toUpperCase() + head.slice(1).replaceAll('-', ' ');
    groups.set(title, [...(groups.get(title) ?? []), { name, hasOwn: hasOwn.get(name)! }]);
  }
  return [...groups].map(([title, capabilities]) => ({ title, capabilities }));
}
