import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderApp } from '../../test/render';
import DevLogPage from './dev-log-page';
import ArticlePage from './article-page';
import NotFoundPage from './not-found-page';

describe('public placeholder pages', () => {
  it("Dev Log shows 'Coming kinda Soon'", () => {
    renderApp(<DevLogPage />, { route: '/blog' });
    expect(screen.getByRole('heading', { name: 'Dev Log' })).toBeTruthy();
    expect(screen.getByText('Coming kinda Soon')).toBeTruthy();
  });

  it('the article page shows its id', () => {
    renderApp(
      <Routes>
        <Route path="/blog/:id" element={<ArticlePage />} />
      </Routes>,
      { route: '/blog/patch-0.2' },
    );
    expect(screen.getByTestId('article-id').textContent).toBe('patch-0.2');
  });

  it('the 404 page names the missing path', () => {
    renderApp(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('/nowhere')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
