import { useNavigateWithFlash } from '../../components/notifications/flash';
import { ListLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { capabilityGroups, useCreateRole, useRoles } from '../../lib/api/roles';
import { RoleForm } from './role-form';
import { EMPTY_ROLE } from './role-form-schema';

export default function RoleNewPage() {
  const roles = useRoles();
  const create = useCreateRole();
  const go = useNavigateWithFlash();
  if (roles.isError) return <ListLoadError what="roles" error={roles.error} onRetry={() => void roles.refetch()} />;
  if (!roles.data) return <PageLoading />;
  return (
    <>
      <title>New Role · SRO Admin</title>
      <PageHeader title="New Role" />
      <RoleForm
        initial={EMPTY_ROLE}
        saving={create.isPending}
        groups={capabilityGroups(roles.data)}
        onSubmit={(values) => create.mutateAsync(values).then(() => go('/admin/roles', { type: 'success', message: `Role "${values.name}" created` }))}
      />
    </>
  );
}
