import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { capabilityGroups } from '../../lib/api/roles';
import type { RoleFormValues } from './role-form-schema';

type Groups = ReturnType<typeof capabilityGroups>;
type Granted = RoleFormValues['capabilities'];

const toggled = (granted: Granted, name: string, on: boolean): Granted =>
  on ? [...granted, { name, scope: 'all' }].sort((a, b) => (a.name < b.name ? -1 : 1)) : granted.filter((c) => c.name !== name);

const rescoped = (granted: Granted, name: string, scope: string): Granted => granted.map((c) => (c.name === name ? { name, scope } : c));

/** The role's capabilities as checkboxes in groups; one some role holds only for its own also offers 'own only'. */
export function CapabilityChecklist({ control, groups }: { control: Control<RoleFormValues>; groups: Groups }) {
  const { field } = useController({ control, name: 'capabilities' });
  const id = useId();
  const granted = field.value;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-200">Capabilities</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.map((group) => (
          <fieldset key={group.title} className="rounded-lg border border-white/10 p-3">
            <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-300">{group.title}</legend>
            <ul className="space-y-1.5">
              {group.capabilities.map(({ name, hasOwn }) => {
                const held = granted.find((c) => c.name === name);
                return (
                  <li key={name} className="flex flex-wrap items-center gap-2">
                    <input
                      id={`${id}-${name}`}
                      type="checkbox"
                      checked={!!held}
                      onChange={(e) => field.onChange(toggled(granted, name, e.target.checked))}
                      onBlur={field.onBlur}
                    />
                    <label htmlFor={`${id}-${name}`} className="font-mono text-xs text-slate-200">
                      {name}
                    </label>
                    {held && hasOwn && (
                      <select
                        aria-label={`Scope of ${name}`}
                        value={held.scope}
                        onChange={(e) => field.onChange(rescoped(granted, name, e.target.value))}
                        className="rounded border border-white/20 bg-night-800 px-1 py-0.5 text-xs text-slate-100"
                      >
                        <option value="all">any target</option>
                        <option value="own">own only</option>
                      </select>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
