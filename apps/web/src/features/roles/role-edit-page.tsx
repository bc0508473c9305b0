import { ErrorPanel } from '../../components/error-panel';
import { ListLoadError } from '../../components/load-error';
import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { capabilityGroups, useEditRole, useRoles } from '../../lib/api/roles';
import { useRequiredParam } from '../../lib/use-required-param';
import { RoleForm } from './role-form';

export default function RoleEditPage() {
  const name = useRequiredParam('name', 'A role name is required');
  const roles = useRoles();
  const edit = useEditRole();
  const go = useNavigateWithFlash();
  if (roles.isError) return <ListLoadError what="roles" error={roles.error} onRetry={() => void roles.refetch()} />;
  if (!roles.data) return <PageLoading />;
  const role = roles.data.find((r) => r.name === name);
  if (!role || role.builtIn) {
    return <ErrorPanel title="No such custom role" message={`"${name}" is ${role ? 'a built-in role, which cannot be edited' : 'not a role'}.`} />;
  }
  const initial = { name: role.name, description: role.description, sole: role.sole, capabilities: role.capabilities };
  return (
    <>
      <title>{`Edit ${role.name} · SRO Admin`}</title>
      <PageHeader title={`Edit ${role.name}`} />
      <RoleForm
        key={role.name}
        initial={initial}
        editing
        saving={edit.isPending}
        groups={capabilityGroups(roles.data)}
        onSubmit={(values) => edit.mutateAsync(values).then(() => go('/admin/roles', { type: 'success', message: `Role "${values.name}" saved` }))}
      />
    </>
  );
}
