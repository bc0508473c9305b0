import { useId, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { buttonClasses, focusRing } from '../../../components/button-styles';
import { DateRangeFields } from '../../../components/form/date-range-fields';
import { inputClasses } from '../../../components/form/field-error';
import { SelectWithFilter } from '../../../components/select/select-with-filter';
import { ACTION_SUGGESTIONS, rangeError, TARGET_TYPES, type AuditFilters } from './audit-query';
import { useCan } from '../../../lib/access/capabilities';

export type FilterFields = Omit<AuditFilters, 'pageIndex' | 'pageSize'>;

interface Props {
  filters: FilterFields;
  /** Any change starts again at the first page. */
  onChange: (changes: Partial<FilterFields>) => void;
}

const labelClasses = 'mb-1 block text-sm font-medium text-slate-200';
const TARGET_OPTIONS = TARGET_TYPES.map((type) => ({ value: type, label: type }));
const ACTION_ITEMS = ACTION_SUGGESTIONS.map((action) => ({ id: action }));
export const NO_FILTERS: FilterFields = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/**
 * A text filter's own copy of its value while it has focus. The URL is the source of truth, but the router applies
 * URL changes in a transition: an input fed straight from it lags a fast typist, and the lagging value overwrote
 * keystrokes. Without focus (Clear filters, Back) the URL's value shows.
 */
function useDraft(value: string, onChange: (value: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  return {
    text: draft ?? value,
    set: (next: string) => {
      setDraft(next);
      onChange(next);
    },
    focus: { onFocus: () => setDraft(value), onBlur: () => setDraft(null) },
  };
}

function TextFilter({ label, value, hint, onChange }: { label: string; value: string; hint?: string; onChange: (value: string) => void }) {
  const id = useId();
  const draft = useDraft(value, onChange);
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft.text}
        onChange={(e) => draft.set(e.target.value)}
        {...draft.focus}
        aria-describedby={hint ? `${id}-hint` : undefined}
        autoComplete="off"
        className={inputClasses(false)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Free text with the known action prefixes offered (React Aria's ComboBox: type, or pick with the arrows). */
function ActionFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const hintId = useId();
  const draft = useDraft(value, onChange);
  return (
    <ComboBox
      allowsCustomValue
      inputValue={draft.text}
      onInputChange={draft.set}
      {...draft.focus}
      defaultItems={ACTION_ITEMS}
      menuTrigger="focus"
      aria-describedby={hintId}
      className="relative"
    >
      <Label className={labelClasses}>Action</Label>
      <div className="flex">
        <Input autoComplete="off" className={`${inputClasses(false)} rounded-r-none`} />
        <Button
          aria-label="Show actions"
          className={`rounded-r-md border border-l-0 border-white/20 bg-night-800 px-2 text-slate-300 hover:text-white ${focusRing}`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none">
            <path d="M6 8l4 4 4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-400">
        An action, or a prefix ending in a dot.
      </p>
      <Popover placement="bottom start" offset={4} className="w-(--trigger-width) rounded-md border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50">
        <ListBox className="max-h-60 overflow-y-auto outline-none">
          {(item: { id: string }) => (
            <ListBoxItem
              id={item.id}
              textValue={item.id}
              className="cursor-pointer rounded px-3 py-2 font-mono text-sm text-slate-200 outline-none data-[focused]:bg-white/10 data-[focused]:text-white"
            >
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** Actor, action, target and time range of the audit log; applied as they change (text after a pause). */
export function AuditFiltersForm({ filters, onChange }: Props) {
  const errorId = useId();
  const fieldsetId = useId();
  // On a phone the seven fields would push the table off the first screen: there they fold behind a button.
  const [open, setOpen] = useState(false);
  const error = rangeError(filters);
  const everyone = useCan()('audit.read', 'all');
  // Only the filter fields count (the page's props may carry paging too).
  const active = (Object.keys(NO_FILTERS) as (keyof FilterFields)[]).filter((key) => filters[key]).length;
  const any = active > 0;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={fieldsetId}
        onClick={() => setOpen(!open)}
        className={buttonClasses('secondary', 'md', 'mb-3 w-full justify-between sm:hidden')}
      >
        <span>{any ? `Filters (${active} active)` : 'Filters'}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} fill="none">
          <path d="M6 8l4 4 4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <fieldset
        id={fieldsetId}
        className={`mb-4 gap-4 rounded-xl border border-white/10 bg-night-900/70 p-4 sm:grid sm:grid-cols-2 lg:grid-cols-3 ${open || error ? 'grid' : 'hidden'}`}
      >
        <legend className="sr-only">Filters</legend>
        {/* A moderator's log holds only their own records: no one else to filter by. */}
        {everyone && <TextFilter label="Actor" value={filters.actor} hint="A user id, or part of a name." onChange={(actor) => onChange({ actor })} />}
        <ActionFilter value={filters.action} onChange={(action) => onChange({ action })} />
        <SelectWithFilter
          label="Target type"
          options={TARGET_OPTIONS}
          placeholder="Any"
          value={filters.targetType || null}
          onChange={(targetType) => onChange({ targetType: targetType ?? '' })}
          clearable
        />
        <TextFilter label="Target id" value={filters.targetId} onChange={(targetId) => onChange({ targetId })} />
        <DateRangeFields from={filters.from} to={filters.to} bounded invalid={!!error} errorId={errorId} onChange={onChange} />
        {(error || any) && (
          <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-3">
            <p id={errorId} role="alert" className="text-sm text-rose-300">
              {error}
            </p>
            {any && (
              <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => onChange(NO_FILTERS)}>
                Clear filters
              </button>
            )}
          </div>
        )}
      </fieldset>
    </>
  );
}
