import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LoadBoundary } from './load-boundary';

/** A lazily loaded component whose chunk cannot be fetched. */
const Unloadable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

describe('LoadBoundary', () => {
  it('shows a way out when code loaded on demand fails, inside the given frame', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <LoadBoundary loading={<p>loading</p>} frame={(content) => <section aria-label="frame">{content}</section>}>
          <Unloadable />
        </LoadBoundary>
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'frame' }).contains(alert)).toBe(true);
    quiet.mockRestore();
  });

  it('quiet: leaves only the failed piece out', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <p>page content</p>
        <LoadBoundary quiet loading={<p>loading</p>}>
          <Unloadable />
        </LoadBoundary>
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(screen.queryByText('loading')).toBeNull());
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });
});
