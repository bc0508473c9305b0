import { useMemo, useState } from 'react';
import { useCharacter, useCharacterPage } from '../lib/api/characters';
import type { CharacterRecord } from '../lib/api/records';
import { SelectWithFilter } from './select/select-with-filter';
import type { SelectOption } from './select/select-logic';

/** How many matches one search shows: the server searches, so a million characters never reach the browser. */
export const CHARACTER_SEARCH_LIMIT = 20;

const toOption = (c: CharacterRecord): SelectOption => ({ value: c.id, label: c.name });

interface Props {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  placeholder?: string;
  hideLabel?: boolean;
  clearable?: boolean;
}

/** Picks one character by name with a server-side search (GetCharacters with search and limit). */
export function CharacterSelect({ label, value, onChange, placeholder = 'Search characters…', hideLabel, clearable = true }: Props) {
  const [search, setSearch] = useState('');
  const page = useCharacterPage({ pageIndex: 0, pageSize: CHARACTER_SEARCH_LIMIT, sort: { id: 'name', desc: false }, search });
  // The chosen character keeps its label even when the current search no longer lists it.
  const chosen = useCharacter(value ?? '');
  const options = useMemo(() => {
    const list = (page.data?.characters ?? []).map(toOption);
    if (value && chosen.data && !list.some((o) => o.value === value)) list.unshift(toOption(chosen.data));
    return list;
  }, [page.data, value, chosen.data]);

  return (
    <SelectWithFilter
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder}
      options={options}
      value={value}
      onChange={onChange}
      clearable={clearable}
      onFilterTextChange={setSearch}
      loadingOptions={page.isFetching}
    />
  );
}
