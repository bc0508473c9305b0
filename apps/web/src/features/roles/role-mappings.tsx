import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/badge';
import { DeleteWithConfirm } from '../../components/delete-with-confirm';
import { inputClasses } from '../../components/form/field-error';
import { SubmitButton } from '../../components/form/submit-button';
import { useSingleSubmit } from '../../components/form/use-single-submit';
import { ListLoadError } from '../../components/load-error';
import { useDeleteRoleMapping, useRoleMappings, useSetRoleMapping } from '../../lib/api/roles';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { rpcFailureText } from '../../lib/rpc/rpc-error';

/** Adds (or replaces) one group's mapping; the server's refusal shows under the form, naming the field. */
function AddMappingForm({ roleNames }: { roleNames: readonly string[] }) {
  const set = useSetRoleMapping();
  const feedback = useWriteFeedback();
  const [groupPath, setGroupPath] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = useSingleSubmit(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    try {
      await set.mutateAsync({ groupPath: groupPath.trim(), roles });
      feedback.succeeded(`Group "${groupPath.trim()}" mapped`);
      setGroupPath('');
      setRoles([]);
    } catch (error) {
      setRefusal(rpcFailureText(error));
    }
  });
  const toggle = (name: string, on: boolean) => setRoles((now) => (on ? [...now, name] : now.filter((r) => r !== name)));
  return (
    <form onSubmit={submit} noValidate aria-label="Add mapping" className="space-y-4 rounded-xl border border-white/10 bg-night-900/70 p-4">
      <div>
        <label htmlFor="mapping-group" className="mb-1 block text-sm font-medium text-slate-200">
          Group
        </label>
        <input
          id="mapping-group"
          value={groupPath}
          onChange={(e) => setGroupPath(e.target.value)}
          autoComplete="off"
          aria-describedby="mapping-group-hint"
          className={inputClasses(false)}
        />
        <p id="mapping-group-hint" className="mt-1 text-xs text-slate-400">
          As the sign-in provider sends it, e.g. /Support. A group already mapped gets these roles instead.
        </p>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-200">Roles</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {roleNames.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm text-slate-200">
              <input type="checkbox" checked={roles.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      {refusal && (
        <p role="alert" className="rounded-md border border-rose-400/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          The server refused the mapping: {refusal}
        </p>
      )}
      <div className="flex justify-end">
        <SubmitButton saving={set.isPending} invalid={!groupPath.trim() || roles.length === 0}>
          Add mapping
        </SubmitButton>
      </div>
    </form>
  );
}

/** The group → roles mappings: each group's roles, removable, and the form that adds one. */
export function RoleMappings({ roleNames, editable }: { roleNames: readonly string[]; editable: boolean }) {
  const mappings = useRoleMappings();
  const remove = useDeleteRoleMapping();
  const feedback = useWriteFeedback();
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
                onConfirm={() =>
                  remove.mutateAsync(m.groupPath).then(
                    () => feedback.succeeded(`Mapping of "${m.groupPath}" removed`),
                    (e: unknown) => feedback.deleteFailed('mapping', e),
                  )
                }
              />
            )}
          </li>
        ))}
      </ul>
      {editable && <AddMappingForm roleNames={roleNames} />}
    </section>
  );
}
