import { useState, type FormEvent } from 'react';
import { inputClasses } from '../../components/form/field-error';
import { SubmitButton } from '../../components/form/submit-button';
import { useSingleSubmit } from '../../components/form/use-single-submit';
import { useSetRoleMapping } from '../../lib/api/roles';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { useStepUpAction } from '../../lib/auth/use-step-up-action';
import { rpcFailureText } from '../../lib/rpc/rpc-error';

interface Mapping {
  groupPath: string;
  roles: string[];
}
const savedMapping = (saved: unknown): Mapping | undefined => {
  const m = saved as Partial<Mapping> | null;
  return typeof m?.groupPath === 'string' && Array.isArray(m.roles) && m.roles.every((r) => typeof r === 'string')
    ? { groupPath: m.groupPath, roles: m.roles }
    : undefined;
};

/** Adds (or replaces) one group's mapping; the server's refusal shows under the form, naming the field. */
export function AddMappingForm({ roleNames }: { roleNames: readonly string[] }) {
  const set = useSetRoleMapping();
  const feedback = useWriteFeedback();
  const [groupPath, setGroupPath] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useStepUpAction({
    action: 'mapping-set',
    parse: savedMapping,
    run: async (mapping: Mapping) => {
      // Back from signing in again, the form shows what is being saved.
      setGroupPath(mapping.groupPath);
      setRoles(mapping.roles);
      await set.mutateAsync(mapping);
      feedback.succeeded(`Group "${mapping.groupPath}" mapped`);
      setGroupPath('');
      setRoles([]);
    },
    onFailure: (error) => setRefusal(rpcFailureText(error)),
  });
  const submit = useSingleSubmit(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    await save({ groupPath: groupPath.trim(), roles });
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
