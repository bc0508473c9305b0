import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Code, ConnectError } from '@connectrpc/connect';
import { ItemLoadError } from './load-error';

const show = (error: unknown) =>
  render(
    <MemoryRouter>
      <ItemLoadError what="map" error={error} backTo="/admin/maps" backLabel="Back to maps" onRetry={() => {}} />
    </MemoryRouter>,
  );

describe('ItemLoadError', () => {
  it('offers Retry when a second try may answer differently, and names the page', () => {
    show(new ConnectError('database unavailable, try again', Code.Unavailable));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(document.title).toBe('Could not load this map · SRO Admin');
  });

  it('offers only the way back when a retry would get the same answer (a malformed id)', () => {
    show(new ConnectError('id: must be a UUID', Code.InvalidArgument));
    expect(screen.getByText('Failed to load map. id: must be a UUID')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to maps' }).getAttribute('href')).toBe('/admin/maps');
  });
});
