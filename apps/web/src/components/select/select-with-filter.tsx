import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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

/** A listbox with a debounced text filter, single or multiple choice. */
export function SelectWithFilter(props: SelectWithFilterProps) {
  const { label, options, placeholder = 'Select…', disabled, error, clearable, hideLabel, onFilterTextChange, loadingOptions } = props;
  const ids = { label: useId(), trigger: useId(), list: useId(), filter: useId(), error: useId() };
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const filterText = useDebouncedValue(text, SELECT_FILTER_DEBOUNCE_MS);
  const serverSearch = !!onFilterTextChange;
  const visible = useMemo(() => (serverSearch ? [...options] : filterOptions(options, filterText)), [options, filterText, serverSearch]);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  const selected: readonly string[] = props.multiple ? props.value : props.value ? [props.value] : [];
  const labels = options.filter((o) => selected.includes(o.value)).map((o) => o.label);

  useEffect(() => setActive(0), [filterText]);
  // Only a new text is news: callers may pass a fresh callback on every render.
  const onFilterTextRef = useRef(onFilterTextChange);
  useEffect(() => {
    onFilterTextRef.current = onFilterTextChange;
  });
  useEffect(() => onFilterTextRef.current?.(filterText), [filterText]);
  useEffect(() => {
    if (open) document.getElementById(`${ids.list}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, ids.list]);
  useEffect(() => {
    if (open) filterRef.current?.focus();
  }, [open]);

  // Clicking outside closes, like a native select.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  });

  function close(returnFocus: boolean) {
    setOpen(false);
    setText('');
    props.onBlur?.();
    if (returnFocus) triggerRef.current?.focus();
  }

  function choose(option: SelectOption | undefined) {
    if (!option || option.disabled) return;
    if (props.multiple) {
      const next = selected.includes(option.value)
        ? selected.filter((v) => v !== option.value)
        : [...selected, option.value];
      props.onChange(next);
    } else {
      props.onChange(option.value);
      close(true);
    }
  }

  function onFilterKey(event: KeyboardEvent<HTMLInputElement>) {
    const keys: Record<string, () => void> = {
      ArrowDown: () => setActive((i) => Math.min(i + 1, visible.length - 1)),
      ArrowUp: () => setActive((i) => Math.max(i - 1, 0)),
      Home: () => setActive(0),
      End: () => setActive(visible.length - 1),
      Enter: () => choose(visible[active]),
      Escape: () => close(true),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  const optionId = (index: number) => `${ids.list}-${index}`;
  const hasValue = selected.length > 0;
  return (
    <div ref={rootRef} className="relative">
      <span id={ids.label} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-200'}>
        {label}
      </span>
      <div className="flex gap-1">
        <button
          ref={triggerRef}
          id={ids.trigger}
          type="button"
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? ids.list : undefined}
          aria-labelledby={`${ids.label} ${ids.trigger}`}
          aria-describedby={error ? ids.error : undefined}
          aria-invalid={error ? true : undefined}
          onClick={() => (open ? close(false) : setOpen(true))}
          className={`flex min-h-10 w-full items-center justify-between gap-2 rounded-md border bg-night-800 px-3 py-2 text-left text-sm ${
            error ? 'border-rose-400' : 'border-white/20'
          } ${hasValue ? 'text-slate-100' : 'text-slate-400'} disabled:opacity-50`}
        >
          <span className="truncate">{selectionSummary(labels, placeholder)}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-300" fill="none">
            <path d="M6 8l4 4 4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
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
      {open && (
        <div className="animate-select-in absolute z-30 mt-1 w-full rounded-md border border-white/15 bg-night-900 p-1 shadow-xl shadow-black/50">
          <label htmlFor={ids.filter} className="sr-only">
            Filter {label}
          </label>
          <input
            ref={filterRef}
            id={ids.filter}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-expanded="true"
            aria-controls={ids.list}
            aria-activedescendant={visible[active] ? optionId(active) : undefined}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onFilterKey}
            placeholder="Type to filter"
            className="mb-1 w-full rounded border border-white/15 bg-night-800 px-2 py-1.5 text-sm text-slate-100 placeholder:text-slate-400"
          />
          <ul
            id={ids.list}
            role="listbox"
            aria-labelledby={ids.label}
            aria-multiselectable={props.multiple || undefined}
            className="overflow-y-auto"
            style={{ maxHeight: SELECT_VISIBLE_OPTIONS * SELECT_OPTION_HEIGHT_PX }}
          >
            {visible.length === 0 && (
              <li role="presentation" className="flex items-center px-3 text-sm text-slate-300" style={{ height: SELECT_OPTION_HEIGHT_PX }}>
                {loadingOptions ? 'Searching…' : SELECT_NO_RESULTS}
              </li>
            )}
            {visible.map((option, index) => {
              const isSelected = selected.includes(option.value);
              return (
                <li
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  aria-disabled={option.disabled || undefined}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseMove={() => setActive(index)}
                  style={{ height: SELECT_OPTION_HEIGHT_PX }}
                  className={`flex cursor-pointer items-center gap-2 rounded px-3 text-sm ${
                    index === active ? 'bg-white/10 text-white' : 'text-slate-200'
                  } ${option.disabled ? 'cursor-not-allowed opacity-50' : ''}`}
                >
                  <span aria-hidden="true" className={`w-4 text-neon-cyan ${isSelected ? '' : 'invisible'}`}>
                    ✓
                  </span>
                  <span className="truncate">{option.label}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {error && (
        <p id={ids.error} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
