import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, renderApp } from '../../test/render';
import { HomePage } from './home-page';

describe('HomePage', () => {
  it("has the hero with 'What's new', Create an Account and Learn more", async () => {
    const user = userEvent.setup();
    const register = vi.fn(async () => {});
    renderApp(<HomePage />, { session: makeSession({ register }) });
    expect(screen.getByRole('link', { name: /What's new/ }).getAttribute('href')).toBe('/blog');
    expect(screen.getByText(/Pre-Alpha v0.2/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Learn more/ }).getAttribute('href')).toBe('#gameplay');
    expect(screen.getByText(/Free to play\. No credit card required\./)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Create an Account' })[0]!);
    expect(register).toHaveBeenCalledOnce();
  });

  it('has the gameplay section with the three themes', () => {
    renderApp(<HomePage />);
    const section = document.getElementById('gameplay')!;
    expect(section).toBeTruthy();
    const titles = [...section.querySelectorAll('h3')].map((h) => h.textContent);
    expect(titles).toEqual(['Pioneer your own adventure', 'Maximize your level', 'Build your community']);
    expect(section.textContent).toMatch(/guild/i);
  });
});
