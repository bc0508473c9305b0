import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SelectWithFilter } from './select-with-filter';
import { selectionSummary, type SelectOption } from './select-logic';

const options: SelectOption[] = ['Neon Bay', 'Chrome Hill', 'Rust Yard', 'Glass Tower', 'Dock Nine', 'Old Market', 'Sky Rail'].map((label, i) => ({
  value: `d${i}`,
  label,
}));

function Single({ onChange = vi.fn() }: { onChange?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SelectWithFilter
      label="Dimension"
      options={options}
      value={value}
      clearable
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function Multi({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return <SelectWithFilter multiple label="Channels" options={options} value={value} onChange={setValue} />;
}

// hidden: while the popover is open, React Aria hides the rest of the page (the trigger too) from assistive technology.
const trigger = (name: RegExp) => screen.getByRole('button', { name, hidden: true });

describe('SelectWithFilter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens a listbox of 38 px options limited to 5 visible and filters after 300 ms', () => {
    render(<Single />);
    fireEvent.click(trigger(/Dimension/));
    const listbox = screen.getByRole('listbox');
    expect(listbox.style.maxHeight).toBe(`${5 * 38}px`);
    expect(screen.getAllByRole('option')[0]!.style.height).toBe('38px');
    expect(screen.getAllByRole('option')).toHaveLength(7);

    const filter = screen.getByRole('combobox', { name: 'Filter Dimension' });
    expect(document.activeElement).toBe(filter);
    fireEvent.change(filter, { target: { value: 'HILL' } });
    act(() => void vi.advanceTimersByTime(299));
    expect(screen.getAllByRole('option')).toHaveLength(7);
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['✓Chrome Hill']);

    fireEvent.change(filter, { target: { value: 'nothing like this' } });
    act(() => void vi.advanceTimersByTime(300));
    // React Aria gives the empty state the option role (a listbox holds options): it is the only one.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No results found']);
  });

  it('selects one value with the keyboard, closes and returns focus', () => {
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    fireEvent.click(trigger(/Dimension/));
    const filter = screen.getByRole('combobox');
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(filter.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('d1');
    act(() => void vi.advanceTimersByTime(500)); // the popover's exit, then focus goes back
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger(/Chrome Hill/));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Dimension' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('closes on Escape without choosing', () => {
    render(<Single />);
    fireEvent.click(trigger(/Dimension/));
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger(/Dimension/).getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles several values and summarises them', () => {
    render(<Multi />);
    fireEvent.click(trigger(/Channels/));
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    for (const label of ['Neon Bay', 'Rust Yard']) fireEvent.click(screen.getByRole('option', { name: new RegExp(label) }));
    expect(screen.getByRole('option', { name: /Neon Bay/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(trigger(/Channels/).textContent).toContain('Neon Bay, Rust Yard');
    fireEvent.click(screen.getByRole('option', { name: /Neon Bay/ }));
    expect(trigger(/Channels/).textContent).toContain('Rust Yard');
    expect(trigger(/Channels/).textContent).not.toContain('Neon Bay');
  });

  it("shows up to five labels, then 'N options selected'", () => {
    render(<Multi initial={['d0', 'd1', 'd2', 'd3', 'd4', 'd5']} />);
    expect(trigger(/Channels/).textContent).toContain('6 options selected');
    expect(selectionSummary(['a', 'b', 'c', 'd', 'e'], 'x')).toBe('a, b, c, d, e');
    expect(selectionSummary([], 'Pick one')).toBe('Pick one');
  });
});
