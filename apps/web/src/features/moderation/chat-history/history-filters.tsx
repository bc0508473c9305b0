import { useId } from 'react';
import { CharacterSelect } from '../../../components/character-select';
import { DateRangeFields } from '../../../components/form/date-range-fields';
import { rangeError, type HistoryFilters } from './history-query';
import { TextFilter } from './text-filter';

interface Props {
  filters: HistoryFilters;
  /** Any change starts again at the first page. */
  onChange: (changes: Partial<Pick<HistoryFilters, 'senderId' | 'text' | 'from' | 'to'>>) => void;
}

/** Text, sender and time range of the history; applied as they change (the text once typing pauses). */
export function HistoryFiltersForm({ filters, onChange }: Props) {
  const ids = { text: useId(), error: useId() };
  const error = rangeError(filters);
  return (
    <fieldset className="mb-4 grid gap-4 rounded-xl border border-white/10 bg-night-900/70 p-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Filters</legend>
      <TextFilter id={ids.text} label="Text" value={filters.text ?? ''} onChange={(text) => onChange({ text })} placeholder="Any text" />
      <CharacterSelect label="Sender" value={filters.senderId || null} onChange={(id) => onChange({ senderId: id ?? '' })} placeholder="Anyone" />
      <DateRangeFields from={filters.from} to={filters.to} bounded invalid={!!error} errorId={ids.error} onChange={onChange} />
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-rose-300 sm:col-span-2 lg:col-span-4">
          {error}
        </p>
      )}
    </fieldset>
  );
}
