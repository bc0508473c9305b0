import { useMemo } from 'react';
import { SelectWithFilter } from '../../../components/select/select-with-filter';
import { useUsers } from '../../../lib/api/owners';
import type { SanctionKindName, SanctionScopeName, SanctionStateName } from '../../../lib/sanctions/sanction-records';

export interface SanctionFilterValues {
  kind: SanctionKindName | '';
  scope: SanctionScopeName | '';
  state: SanctionStateName | '';
  issuedById: string;
}

const KINDS = [
  { value: 'mute', label: 'Mute' },
  { value: 'ban', label: 'Ban' },
];
const SCOPES = [
  { value: 'channel', label: 'Channel' },
  { value: 'dimension', label: 'Dimension' },
  { value: 'everywhere', label: 'Everywhere' },
  { value: 'game', label: 'Game sessions' },
];
const STATES = [
  { value: 'active', label: 'Active' },
  { value: 'ended', label: 'Ended (expired or revoked)' },
];

interface Props {
  filters: SanctionFilterValues;
  onChange: (changes: Partial<SanctionFilterValues>) => void;
}

/** Kind, scope, state and moderator; applied as they change, cleared with each select's ×. */
export function SanctionFilters({ filters, onChange }: Props) {
  const users = useUsers();
  const moderators = useMemo(() => {
    const list = (users.data ?? []).map((u) => ({ value: u.id, label: u.username }));
    // An id from a shared link stays choosable (and clearable) when the user list does not hold it.
    if (filters.issuedById && !list.some((o) => o.value === filters.issuedById)) list.unshift({ value: filters.issuedById, label: filters.issuedById });
    return list;
  }, [users.data, filters.issuedById]);
  return (
    <fieldset className="mb-4 grid gap-4 rounded-xl border border-white/10 bg-night-900/70 p-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Filters</legend>
      <SelectWithFilter
        label="Kind"
        options={KINDS}
        value={filters.kind || null}
        onChange={(v) => onChange({ kind: (v ?? '') as SanctionFilterValues['kind'] })}
        placeholder="Any kind"
        clearable
      />
      <SelectWithFilter
        label="Scope"
        options={SCOPES}
        value={filters.scope || null}
        onChange={(v) => onChange({ scope: (v ?? '') as SanctionFilterValues['scope'] })}
        placeholder="Any scope"
        clearable
      />
      <SelectWithFilter
        label="State"
        options={STATES}
        value={filters.state || null}
        onChange={(v) => onChange({ state: (v ?? '') as SanctionFilterValues['state'] })}
        placeholder="Any state"
        clearable
      />
      <div>
        <SelectWithFilter
          label="Moderator"
          options={moderators}
          value={filters.issuedById || null}
          onChange={(v) => onChange({ issuedById: v ?? '' })}
          placeholder="Anyone"
          clearable
          loadingOptions={users.isPending}
        />
        {users.isError && <p className="mt-1 text-xs text-amber-200">Could not list users: {users.error.message}</p>}
      </div>
    </fieldset>
  );
}

const pick = <T extends string>(value: string | null, allowed: readonly { value: string }[]) =>
  allowed.some((a) => a.value === value) ? (value as T) : ('' as T);

/** The filters from the URL (unknown values are ignored), so a filtered list can be shared and reloaded. */
export function filtersFromParams(params: URLSearchParams): SanctionFilterValues {
  return {
    kind: pick(params.get('kind'), KINDS),
    scope: pick(params.get('scope'), SCOPES),
    state: pick(params.get('state'), STATES),
    issuedById: params.get('moderator') ?? '',
  };
}

export function filtersToParams(filters: SanctionFilterValues, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.scope) params.set('scope', filters.scope);
  if (filters.state) params.set('state', filters.state);
  if (filters.issuedById) params.set('moderator', filters.issuedById);
  if (page > 0) params.set('page', String(page + 1));
  return params;
}
