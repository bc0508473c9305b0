import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ColumnDef, PaginationState, SortingState } from '@tanstack/react-table';
import { Table, type TableProps } from './table';

interface Character {
  id: string;
  name: string;
  realm: string;
  playtime: number;
}

const columns: ColumnDef<Character, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'realm', header: 'Realm' },
  { accessorKey: 'playtime', header: 'Playtime' },
];

const make = (count: number): Character[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `c${i + 1}`,
    name: `Char ${String(i + 1).padStart(3, '0')}`,
    realm: i % 2 ? 'cyborg' : 'human',
    playtime: (i * 37) % 101,
  }));

function renderTable(props: Partial<TableProps<Character>> = {}) {
  const all: TableProps<Character> = { label: 'Characters', data: make(3), columns, getRowId: (r) => r.id, ...props };
  return render(
    <MemoryRouter>
      <Table {...all} />
    </MemoryRouter>,
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstColumn = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('Table sorting', () => {
  it('cycles none → asc → desc → none on a column', async () => {
    const user = userEvent.setup();
    renderTable({ data: [make(3)[1]!, make(3)[2]!, make(3)[0]!] });
    const header = screen.getByRole('columnheader', { name: /Name/ });
    const button = within(header).getByRole('button');
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(firstColumn()).toEqual(['Char 002', 'Char 003', 'Char 001']);

    await user.click(button);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['Char 001', 'Char 002', 'Char 003']);

    await user.click(button);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['Char 003', 'Char 002', 'Char 001']);

    await user.click(button);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(firstColumn()).toEqual(['Char 002', 'Char 003', 'Char 001']);
  });

  it('starts numeric columns ascending too, and sorts one column at a time', async () => {
    const user = userEvent.setup();
    renderTable();
    const name = screen.getByRole('columnheader', { name: /Name/ });
    const playtime = screen.getByRole('columnheader', { name: /Playtime/ });
    await user.click(within(name).getByRole('button'));
    await user.click(within(playtime).getByRole('button'));
    expect(playtime.getAttribute('aria-sort')).toBe('ascending');
    expect(name.getAttribute('aria-sort')).toBe('none');
  });
});

describe('Table pagination', () => {
  it('defaults to 10 rows with the showing text and all buttons under 6 pages', () => {
    renderTable({ data: make(42) });
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 42 results')).toBeTruthy();
    const pages = within(screen.getByRole('navigation', { name: 'Pagination of Characters' })).getAllByRole('button', { name: /^Page / });
    expect(pages.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('offers 10/25/50/200 per page and resets to the first page on change', async () => {
    const user = userEvent.setup();
    renderTable({ data: make(42) });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 21 to 30 of 42 results')).toBeTruthy();
    const select = screen.getByLabelText<HTMLSelectElement>('Rows per page');
    expect([...select.options].map((o) => o.value)).toEqual(['10', '25', '50', '200']);
    await user.selectOptions(select, '25');
    expect(screen.getByText('Showing 1 to 25 of 42 results')).toBeTruthy();
    expect(bodyRows()).toHaveLength(25);
  });

  it('abbreviates many pages, and the ellipsis and neighbours really navigate', async () => {
    const user = userEvent.setup();
    renderTable({ data: make(200) });
    const nav = screen.getByRole('navigation', { name: 'Pagination of Characters' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', '1', '2', '3', '4', '…', '20', 'Next']);
    await user.click(within(nav).getByRole('button', { name: /go to page 12/ }));
    expect(screen.getByText('Showing 111 to 120 of 200 results')).toBeTruthy();
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', '1', '…', '11', '12', '13', '…', '20', 'Next']);
    await user.click(within(nav).getByRole('button', { name: 'Page 20' }));
    expect(screen.getByText('Showing 191 to 200 of 200 results')).toBeTruthy();
    expect(within(nav).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing 181 to 190 of 200 results')).toBeTruthy();
  });
});

describe('Table filtering', () => {
  it('filters case-insensitively over all fields, with the in: column syntax', async () => {
    const user = userEvent.setup();
    renderTable({ data: make(30), showSearch: true });
    const search = screen.getByLabelText('Search Characters');
    await user.type(search, 'CHAR 01');
    expect(screen.getByText('Showing 1 to 10 of 10 results')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'cyborg in:name');
    // The list has rows: a search that hides them all says so, not that the list is empty.
    expect(screen.getByText('No results match')).toBeTruthy();
    expect(screen.queryByText('No results found')).toBeNull();
    await user.clear(search);
    await user.type(search, 'cyborg in:realm');
    expect(screen.getByText('Showing 1 to 10 of 15 results')).toBeTruthy();
  });

  it('returns to the first page when the search changes', async () => {
    const user = userEvent.setup();
    renderTable({ data: make(30), showSearch: true });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.type(screen.getByLabelText('Search Characters'), 'human');
    expect(screen.getByText('Showing 1 to 10 of 15 results')).toBeTruthy();
  });
});

describe('Table selection, links and loading', () => {
  it('selects rows with an indeterminate select-all', async () => {
    const user = userEvent.setup();
    const onRowSelectionChange = vi.fn();
    renderTable({ selectable: true, onRowSelectionChange });
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all rows' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row c2' }));
    expect(onRowSelectionChange).toHaveBeenLastCalledWith({ c2: true });
    expect(all.indeterminate).toBe(true);
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    await user.click(all);
    expect(onRowSelectionChange).toHaveBeenLastCalledWith({ c1: true, c2: true, c3: true });
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    await user.click(all);
    expect(onRowSelectionChange).toHaveBeenLastCalledWith({});
  });

  it('renders per-row View and Edit links', () => {
    renderTable({ viewHref: (r) => `/admin/characters/${r.id}`, editHref: (r) => `/admin/characters/${r.id}/edit`, rowLabel: (r) => r.name });
    expect(screen.getByRole('link', { name: 'View Char 001' }).getAttribute('href')).toBe('/admin/characters/c1');
    expect(screen.getByRole('link', { name: 'Edit Char 002' }).getAttribute('href')).toBe('/admin/characters/c2/edit');
  });

  it('shows skeleton rows while loading', () => {
    renderTable({ loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('draws as many skeleton rows as asked, for a section that holds a few', () => {
    renderTable({ loading: true, skeletonRows: 1 });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(1);
    // The footer keeps the pagination's place while the rows load.
    expect(screen.getByTestId('skeleton-footer').children).toHaveLength(2);
  });
});

describe('Table manual (server-side) mode', () => {
  function ServerTable({ onFetch }: { onFetch: (s: SortingState, p: PaginationState, q: string) => void }) {
    const [sorting, setSorting] = useState<SortingState>([]);
    const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
    const [filter, setFilter] = useState('');
    onFetch(sorting, pagination, filter);
    // The "server" returns one already-sorted page of 10 out of 95 rows.
    const page = make(10).map((r, i) => ({ ...r, id: `s${pagination.pageIndex}-${i}` }));
    return (
      <MemoryRouter>
        <Table
          label="Characters"
          data={page}
          columns={columns}
          getRowId={(r) => r.id}
          showSearch
          globalFilter={filter}
          onGlobalFilterChange={setFilter}
          manual={{ rowCount: 95, sorting, onSortingChange: setSorting, pagination, onPaginationChange: setPagination }}
        />
      </MemoryRouter>
    );
  }

  it('hands sorting, paging and search to the parent and shows the server total', async () => {
    const user = userEvent.setup();
    const onFetch = vi.fn();
    render(<ServerTable onFetch={onFetch} />);
    expect(screen.getByText('Showing 1 to 10 of 95 results')).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination of Characters' })).getByRole('button', { name: 'Page 10' }));
    expect(onFetch).toHaveBeenLastCalledWith([], { pageIndex: 9, pageSize: 10 }, '');
    expect(screen.getByText('Showing 91 to 95 of 95 results')).toBeTruthy();
    await user.click(within(screen.getByRole('columnheader', { name: /Realm/ })).getByRole('button'));
    expect(onFetch).toHaveBeenLastCalledWith([{ id: 'realm', desc: false }], { pageIndex: 9, pageSize: 10 }, '');
    await user.type(screen.getByLabelText('Search Characters'), 'zzz');
    expect(onFetch).toHaveBeenLastCalledWith([{ id: 'realm', desc: false }], expect.anything(), 'zzz');
    // The server already filtered: rows are not filtered again locally.
    expect(bodyRows()).toHaveLength(10);
  });
});

describe('Table scroll area', () => {
  it('is an ordinary box while the table fits', () => {
    renderTable();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('becomes a named, focusable region when the table is wider than the screen', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
    renderTable();
    const region = screen.getByRole('region', { name: 'Characters (scrolls sideways)' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Characters' })).toBeTruthy();
  });
});
