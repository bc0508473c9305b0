import { useEffect, useId, useRef, useState, type Key } from 'react';
import { Autocomplete, Button, Input, ListBox, ListBoxItem, Popover, Select, Text, TextField } from 'react-aria-components';
import { useDebouncedValue } from '../use-debounced-value';
import {
  filterOptions,
  SELECT_FILTER_DEBOUNCE_MS,
  SELECT_NO_RESULTS,
  SELECT_OPTION_HEIGHT_PX,
  SELECT_VISIBLE_OPTIONS,
  selectionSummary,
  type SelectOption,
} from './select-logic';
import { focusRing } from '../button-styles';

interface BaseProps {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  /** Shown under the control (the form wrapper decides when). */
  error?: string;
  onBlur?: () => void;
  /** Adds a button that clears the selection. */
  clearable?: boolean;
  /** Hides the visible label (it stays the accessible name). */
  hideLabel?: boolean;
  /**
   * Server-side search: receives the debounced filter text, and `options` are shown as given (the caller
   * fetched them for that text). For lists too large to send to the browser.
   */
  onFilterTextChange?: (text: string) => void;
  /** The caller is still fetching options for the current filter text. */
  loadingOptions?: boolean;
}

export type SelectWithFilterProps = BaseProps &
  (
    | { multiple?: false; value: string | null; onChange: (value: string | null) => void }
    | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
  );

/**
 * A select whose popover holds a debounced text filter above its options, single or multiple choice, on React
 * Aria's Select, Autocomplete and ListBox: Enter, Space, ArrowDown or ArrowUp open it with focus in the filter;
 * arrows move through the options, Enter picks, Escape closes and returns to the button.
 */
export function SelectWithFilter(props: SelectWithFilterProps) {
  const { label, options, placeholder = 'Select…', disabled, error, clearable, hideLabel, onFilterTextChange, loadingOptions } = props;
  const ids = { label: useId(), value: useId() };
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const filterText = useDebouncedValue(text, SELECT_FILTER_DEBOUNCE_MS);
  const serverSearch = !!onFilterTextChange;
  const visible = serverSearch ? options : filterOptions(options, filterText);

  const selected: readonly string[] = props.multiple ? props.value : props.value ? [props.value] : [];
  const labels = options.filter((o) => selected.includes(o.value)).map((o) => o.label);
  const hasValue = selected.length > 0;

  // Only a new text is news: callers may pass a fresh callback on every render.
  const onFilterTextRef = useRef(onFilterTextChange);
  useEffect(() => {
    onFilterTextRef.current = onFilterTextChange;
  });
  useEffect(() => onFilterTextRef.current?.(filterText), [filterText]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setText('');
      props.onBlur?.();
    }
  }

  const onChange = (value: Key | readonly Key[] | null) => {
    if (props.multiple) props.onChange(((value as readonly Key[] | null) ?? []).map(String));
    else props.onChange(value === null ? null : String(value));
  };

  return (
    <Select
      selectionMode={props.multiple ? 'multiple' : 'single'}
      value={props.multiple ? [...selected] : (selected[0] ?? null)}
      onChange={onChange}
      isOpen={open}
      onOpenChange={onOpenChange}
      // It opens on an empty list too: the popover holds the filter, and says 'No results found' or 'Searching…'.
      allowsEmptyCollection
      isDisabled={disabled}
      isInvalid={!!error}
      aria-labelledby={ids.label}
      className="relative"
    >
      <span id={ids.label} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-200'}>
        {label}
      </span>
      <div className="flex gap-1">
        <Button
          // Label first, then the value: 'Owner player' (React Aria would say 'player Owner').
          aria-labelledby={`${ids.label} ${ids.value}`}
          className={`flex min-h-10 w-full items-center justify-between gap-2 rounded-md border bg-night-800 px-3 py-2 text-left text-sm ${focusRing} data-[focus-visible]:outline-offset-2 ${
            error ? 'border-rose-400' : 'border-white/20'
          } ${hasValue ? 'text-slate-100' : 'text-slate-400'} disabled:opacity-50`}
        >
          <span id={ids.value} className="truncate">
            {selectionSummary(labels, placeholder)}
          </span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-300" fill="none">
            <path d="M6 8l4 4 4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
        {clearable && hasValue && !disabled && (
          <button
            type="button"
            onClick={() => (props.multiple ? props.onChange([]) : props.onChange(null))}
            className="rounded-md border border-white/20 px-2 text-slate-300 hover:text-white"
            aria-label={`Clear ${label}`}
          >
            ×
          </button>
        )}
      </div>
      {error && (
        <Text slot="errorMessage" className="mt-1 block text-sm text-rose-300">
          {error}
        </Text>
      )}
      <FilterPopover label={label} labelId={ids.label} text={text} onTextChange={setText} options={visible} loadingOptions={loadingOptions} />
    </Select>
  );
}

interface FilterPopoverProps {
  label: string;
  /** The id of the select's label, which also names the list. */
  labelId: string;
  text: string;
  onTextChange: (text: string) => void;
  /** The options the filter leaves. */
  options: readonly SelectOption[];
  loadingOptions?: boolean;
}

/** The open select: the filter text field above the options it leaves. */
function FilterPopover({ label, labelId, text, onTextChange, options, loadingOptions }: FilterPopoverProps) {
  return (
    <Popover
      placement="bottom start"
      offset={4}
      className="w-(--trigger-width) rounded-md border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50 data-[entering]:animate-select-in"
    >
      <Autocomplete inputValue={text} onInputChange={onTextChange}>
        <TextField aria-label={`Filter ${label}`} autoFocus className="mb-1">
          {/* The filter steers the options with aria-activedescendant: a combobox, as before (APG). */}
          <Input
            role="combobox"
            aria-expanded="true"
            autoComplete="off"
            placeholder="Type to filter"
            className="w-full rounded border border-white/15 bg-night-800 px-2 py-1.5 text-sm text-slate-100 outline-none placeholder:text-slate-400 focus-visible:border-neon-cyan"
          />
        </TextField>
        <ListBox
          aria-labelledby={labelId}
          items={options}
          className="overflow-y-auto outline-none"
          style={{ maxHeight: SELECT_VISIBLE_OPTIONS * SELECT_OPTION_HEIGHT_PX }}
          renderEmptyState={() => (
            <p className="flex items-center px-3 text-sm text-slate-300" style={{ height: SELECT_OPTION_HEIGHT_PX }}>
              {loadingOptions ? 'Searching…' : SELECT_NO_RESULTS}
            </p>
          )}
        >
          {(option) => (
            <ListBoxItem
              id={option.value}
              textValue={option.label}
              isDisabled={option.disabled}
              style={{ height: SELECT_OPTION_HEIGHT_PX }}
              className="flex cursor-pointer items-center gap-2 rounded px-3 text-sm text-slate-200 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[focused]:bg-white/10 data-[focused]:text-white"
            >
              {({ isSelected }) => (
                <>
                  <span aria-hidden="true" className={`w-4 text-neon-cyan ${isSelected ? '' : 'invisible'}`}>
                    ✓
                  </span>
                  <span className="truncate">{option.label}</span>
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Autocomplete>
    </Popover>
  );
}
