import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { VisibilityBadge } from './badge';
import { EmptyState } from './empty-state';
import { ErrorBoundary } from './error-boundary';

function Boom(): never {
  throw new Error('Map ID is required');
}

describe('small shared components', () => {
  it("labels channels 'Public' or 'Private'", () => {
    render(
      <>
        <VisibilityBadge isPublic />
        <VisibilityBadge isPublic={false} />
      </>,
    );
    expect(screen.getByText('Public')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
  });

  it('links the empty state to the create form', () => {
    render(
      <MemoryRouter>
        <EmptyState label="Create a new map" to="/admin/maps/new" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Create a new map' }).getAttribute('href')).toBe('/admin/maps/new');
  });

  it('shows the fallback for a thrown error and resets on a new key', () => {
    const spy = console.error;
    console.error = () => {};
    const { rerender } = render(
      <ErrorBoundary resetKey="a" fallback={(e) => <p>caught: {e.message}</p>}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('caught: Map ID is required')).toBeTruthy();
    rerender(
      <ErrorBoundary resetKey="b" fallback={(e) => <p>caught: {e.message}</p>}>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
    console.error = spy;
  });
});
