import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NotificationProvider, useNotify } from './notification-context';
import { useFlashOnArrival, useNavigateWithFlash } from './flash';

/** Like the app's root layout: every new path closes transient notifications. */
function ClearOnNavigation({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const { clearTransient } = useNotify();
  useEffect(() => clearTransient(), [pathname, clearTransient]);
  return children;
}

function Form() {
  const go = useNavigateWithFlash();
  return (
    <button type="button" onClick={() => go('/list', { type: 'success', message: 'Map update successful!' })}>
      save
    </button>
  );
}

function List() {
  useFlashOnArrival();
  return <p>list</p>;
}

describe('flash toasts', () => {
  it('shows the toast on the page navigated to, surviving the navigation clean-up', async () => {
    render(
      <MemoryRouter initialEntries={['/form']}>
        <NotificationProvider>
          <ClearOnNavigation>
            <Routes>
              <Route path="/form" element={<Form />} />
              <Route path="/list" element={<List />} />
            </Routes>
          </ClearOnNavigation>
        </NotificationProvider>
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'save' }).click());
    expect(screen.getByText('list')).toBeTruthy();
    expect(await screen.findByTestId('notification')).toBeTruthy();
    expect(screen.getAllByText('Map update successful!').length).toBeGreaterThan(0);
  });
});
