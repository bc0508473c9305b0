import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button-styles';
import { DeleteWithConfirm } from '../../components/delete-with-confirm';
import { ListLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useCan } from '../../lib/access/capabilities';
import { useDeleteRole, useRoles, type RoleRecord } from '../../lib/api/roles';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { savedString, useStepUpAction } from '../../lib/auth/use-step-up-action';
import { RoleMappings } from './role-mappings';

function RoleItem({ role, editable, onDelete }: { role: RoleRecord; editable: boolean; onDelete: (name: string) => Promise<void> }) {
  return (
    <li className="rounded-xl border border-white/10 bg-night-900/70 p-4" aria-labelledby={`role-${role.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`role-${role.name}`} className="flex flex-wrap items-center gap-2 font-semibold text-white">
          {role.name}
          {role.builtIn && <Badge tone="indigo">Built-in</Badge>}
          {role.sole && <Badge tone="amber">Held alone</Badge>}
        </h3>
        {editable && !role.builtIn && (
          <div className="flex gap-2">
            <Link to={`/admin/roles/${encodeURIComponent(role.name)}/edit`} className={buttonClasses('secondary')} aria-label={`Edit ${role.name}`}>
              Edit
            </Link>
            <DeleteWithConfirm
              title={`Delete the role "${role.name}"?`}
              message="The role is deleted for good. A role a mapping still names cannot be deleted."
              onConfirm={() => onDelete(role.name)}
            />
          </div>
        )}
      </div>
      {role.description && <p className="mt-1 text-sm text-slate-300">{role.description}</p>}
      {/* The built-ins' long lists start folded: on a phone they would bury the custom roles and the mappings. */}
      <details open={!role.builtIn} className="mt-3">
        <summary className="cursor-pointer text-sm text-slate-300">{role.capabilities.length} capabilities</summary>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Capabilities of ${role.name}`}>
          {role.capabilities.length === 0 && <li className="text-sm text-slate-400">No capabilities</li>}
          {role.capabilities.map((c) => (
            <li key={c.name} className="rounded bg-white/5 px-1.5 py-0.5 font-mono text-xs text-slate-200">
              {c.name}
              {c.scope === 'own' && <span className="text-slate-400"> (own)</span>}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** /admin/roles: every role with its capabilities, and the group → roles mappings (docs/permissions.md). */
export default function RolesPage() {
  const roles = useRoles();
  const can = useCan();
  const editable = can('roles.edit');
  const remove = useDeleteRole();
  const feedback = useWriteFeedback();
  const deleteRole = useStepUpAction({
    action: 'role-delete',
    parse: savedString,
    run: (name: string) => remove.mutateAsync(name).then(() => feedback.succeeded(`Role "${name}" deleted`)),
    onFailure: (e) => feedback.deleteFailed('role', e),
  });
  return (
    <>
      <title>Roles · SRO Admin</title>
      <PageHeader
        title="Roles"
        description="What each role may do, and which groups give which roles."
        actions={
          editable && (
            <Link to="/admin/roles/new" className={buttonClasses('primary')}>
              New Role
            </Link>
          )
        }
      />
      {roles.isError ? (
        <ListLoadError what="roles" error={roles.error} onRetry={() => void roles.refetch()} />
      ) : !roles.data ? (
        <PageLoading />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="roles-heading">
            <h2 id="roles-heading" className="mb-3 text-lg font-semibold text-white">
              Roles
            </h2>
            <ul className="space-y-3">
              {roles.data.map((role) => (
                <RoleItem key={role.name} role={role} editable={editable} onDelete={deleteRole} />
              ))}
            </ul>
          </section>
          <RoleMappings roleNames={roles.data.map((r) => r.name)} editable={editable} />
        </div>
      )}
    </>
  );
}
