import { useId } from 'react';
import { CharacterSelect } from '../../components/character-select';
import { inputClasses } from '../../components/form/field-error';
import { rangeError, type HistoryFilters } from './history-query';
import { TextFilter } from './text-filter';

interface Props {
  filters: HistoryFilters;
  /** Any change starts again at the first page. */
  onChange: (changes: Partial<Pick<HistoryFilters, 'senderId' | 'text' | 'from' | 'to'>>) => void;
}

/** Text, sender and time range of the history; applied as they change (the text once typing pauses). */
export function HistoryFiltersForm({ filters, onChange }: Props) {
  const ids = { text: useId(), from: useId(), to: useId(), error: useId() };
  const error = rangeError(filters);
  return (
    <fieldset className="mb-4 grid gap-4 rounded-xl border border-white/10 bg-night-900/70 p-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Filters</legend>
      <TextFilter id={ids.text} label="Text" value={filters.text ?? ''} onChange={(text) => onChange({ text })} placeholder="Any text" />
      <CharacterSelect label="Sender" value={filters.senderId || null} onChange={(id) => onChange({ senderId: id ?? '' })} placeholder="Anyone" />
      <div>
        <label htmlFor={ids.from} className="mb-1 block text-sm font-medium text-slate-200">
          From
        </label>
        <input
          id={ids.from}
          type="datetime-local"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className={`${inputClasses(!!error)} [color-scheme:dark]`}
        />
      </div>
      <div>
        <label htmlFor={ids.to} className="mb-1 block text-sm font-medium text-slate-200">
          To
        </label>
        <input
          id={ids.to}
          type="datetime-local"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className={`${inputClasses(!!error)} [color-scheme:dark]`}
        />
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-rose-300 sm:col-span-2 lg:col-span-4">
          {error}
        </p>
      )}
    </fieldset>
  );
}
