import { Badge } from '../../components/badge';
import { DeleteWithConfirm } from '../../components/delete-with-confirm';
import { ListLoadError } from '../../components/load-error';
import { useDeleteRoleMapping, useRoleMappings } from '../../lib/api/roles';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { savedString, useStepUpAction } from '../../lib/auth/use-step-up-action';
import { AddMappingForm } from './add-mapping-form';

/** The group → roles mappings: each group's roles, removable, and the form that adds one. */
export function RoleMappings({ roleNames, editable }: { roleNames: readonly string[]; editable: boolean }) {
  const mappings = useRoleMappings();
  const remove = useDeleteRoleMapping();
  const feedback = useWriteFeedback();
  const removeMapping = useStepUpAction({
    action: 'mapping-delete',
    parse: savedString,
    run: (groupPath: string) => remove.mutateAsync(groupPath).then(() => feedback.succeeded(`Mapping of "${groupPath}" removed`)),
    onFailure: (e) => feedback.deleteFailed('mapping', e),
  });
  return (
    <section aria-labelledby="mappings-heading" className="space-y-3">
      <h2 id="mappings-heading" className="text-lg font-semibold text-white">
        Group mappings
      </h2>
      {mappings.isError && <ListLoadError what="role mappings" error={mappings.error} onRetry={() => void mappings.refetch()} />}
      <ul className="divide-y divide-white/10 rounded-xl border border-white/10 bg-night-900/70">
        {mappings.data?.map((m) => (
          <li key={m.groupPath} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <code className="break-all text-sm text-white">{m.groupPath}</code>
              <span aria-hidden="true" className="text-slate-400">
                →
              </span>
              <span className="sr-only">gives</span>
              {m.roles.map((r) => (
                <Badge key={r} tone="cyan">
                  {r}
                </Badge>
              ))}
            </div>
            {editable && (
              <DeleteWithConfirm
                label={`Remove ${m.groupPath}`}
                title={`Remove the mapping of "${m.groupPath}"?`}
                message="Accounts in this group lose the roles it gives."
                onConfirm={() => removeMapping(m.groupPath)}
              />
            )}
          </li>
        ))}
      </ul>
      {editable && <AddMappingForm roleNames={roleNames} />}
    </section>
  );
}
