import { useEffect, useState } from 'react';
import { inputClasses } from '../../../components/form/field-error';
import { useDebouncedValue } from '../../../components/use-debounced-value';

interface Props {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  /** Called once typing pauses (300 ms), not per keystroke: each change is a server search. */
  onChange: (value: string) => void;
}

/** A search box whose value is applied after a pause; the URL (value) stays the source of truth. */
export function TextFilter({ id, label, value, placeholder, onChange }: Props) {
  const [draft, setDraft] = useState(value);
  const settled = useDebouncedValue(draft, 300);
  // The URL changed elsewhere (Back, a link): show it.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled draft is applied
  }, [settled]);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
        className={inputClasses(false)}
      />
    </div>
  );
}
