import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useUrlState } from './use-url-state';

interface Filters {
  actor: string;
  action: string;
}
const fromSearch = (params: URLSearchParams): Filters => ({ actor: params.get('actor') ?? '', action: params.get('action') ?? '' });
const toSearch = (filters: Filters) => new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));

let change: (update: (current: Filters) => Filters) => void = () => {};

function Page() {
  const [filters, setFilters] = useUrlState(fromSearch, toSearch);
  change = setFilters;
  const location = useLocation();
  return (
    <p>
      {filters.actor}|{filters.action}|{location.search}
    </p>
  );
}

const mount = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );

describe('useUrlState', () => {
  it('reads the state from the query', () => {
    mount('/audit?actor=rook&action=ban');
    expect(screen.getByText('rook|ban|?actor=rook&action=ban')).toBeTruthy();
  });

  it('keeps a change made before the page rendered the one before it', () => {
    mount('/audit?action=ban');
    // Two changes in one batch: the second one's page has not rendered the first (as typing, Tab, pick can do).
    act(() => {
      change((f) => ({ ...f, actor: 'rook' }));
      change((f) => ({ ...f, action: 'mute' }));
    });
    expect(screen.getByText('rook|mute|?actor=rook&action=mute')).toBeTruthy();
  });

  it('builds on the rendered query again once the router caught up', () => {
    mount('/audit');
    act(() => change((f) => ({ ...f, actor: 'rook' })));
    act(() => change((f) => ({ ...f, action: 'ban' })));
    act(() => change(() => ({ actor: '', action: '' })));
    expect(screen.getByText('||')).toBeTruthy();
    act(() => change((f) => ({ ...f, action: 'mute' })));
    expect(screen.getByText('|mute|?action=mute')).toBeTruthy();
  });
});
