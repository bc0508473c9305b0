import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SelectWithFilter } from './select-with-filter';
import type { SelectOption } from './select-logic';

// Server-side search: the caller fetches options for the typed text; the select must not filter them again.

function Searching({ onSearch, loading = false }: { onSearch: (text: string) => void; loading?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  const [options, setOptions] = useState<SelectOption[]>([{ value: 'a', label: 'Ada Overwatch' }]);
  return (
    <SelectWithFilter
      label="Character"
      options={options}
      value={value}
      onChange={setValue}
      loadingOptions={loading}
      onFilterTextChange={(text) => {
        onSearch(text);
        // What a server might answer: a match on a field the label does not show (e.g. the id).
        if (text === '4-0001') setOptions([{ value: 'p', label: 'Pia Nightshade' }]);
      }}
    />
  );
}

describe('SelectWithFilter with a server-side search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the debounced text to the caller and shows its options as given', () => {
    const onSearch = vi.fn();
    render(<Searching onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: /Character/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter Character' }), { target: { value: '4-0001' } });
    act(() => void vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalledWith('4-0001');
    act(() => void vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenLastCalledWith('4-0001');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['✓Pia Nightshade']);
  });

  it("says 'Searching…' rather than 'No results found' while the caller is still fetching", () => {
    function Empty() {
      return <SelectWithFilter label="Character" options={[]} value={null} onChange={() => {}} loadingOptions onFilterTextChange={() => {}} />;
    }
    render(<Empty />);
    fireEvent.click(screen.getByRole('button', { name: /Character/ }));
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(screen.queryByText('No results found')).toBeNull();
  });
});
