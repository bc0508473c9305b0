import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { IdText, shortId } from './id-text';

describe('IdText', () => {
  it('shortens a uuid to its head and last group; short ids stay whole', () => {
    expect(shortId('5e1d0000-0000-4000-8000-000400000001')).toBe('5e1d0000…000400000001');
    expect(shortId('c1')).toBe('c1');
  });

  it('keeps the full id as text and tooltip, the short form only for the phone stylesheet', () => {
    const id = '5e1d0000-0000-4000-8000-000900000001';
    const { container } = render(<IdText id={id} />);
    const el = container.firstElementChild as HTMLElement;
    expect(el.textContent).toBe(id);
    expect(el.title).toBe(id);
    expect(el.dataset.short).toBe('5e1d0000…000900000001');
  });
});
