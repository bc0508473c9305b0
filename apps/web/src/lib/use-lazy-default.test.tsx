import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useLazyDefault } from './use-lazy-default';

function Greeting() {
  return <p>hello</p>;
}
const loadGreeting = () => Promise.resolve({ default: Greeting });

function Host() {
  const Component = useLazyDefault(loadGreeting);
  return Component ? <Component /> : <p>loading</p>;
}

describe('useLazyDefault', () => {
  it('shows the loading state, then the component; a later mount has it at once', async () => {
    const first = render(<Host />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello')).toBeTruthy();
    first.unmount();
    render(<Host />);
    expect(screen.getByText('hello')).toBeTruthy();
  });
});
