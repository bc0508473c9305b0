import { describe, expect, it } from 'vitest';
import { ConnectError } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { useWriteFeedback } from './use-write-feedback';

function SaveButton({ error }: { error: unknown }) {
  const feedback = useWriteFeedback();
  return (
    <button type="button" onClick={() => feedback.failed(error)}>
      Save
    </button>
  );
}

describe('useWriteFeedback', () => {
  it("a save while the server is down says so in words, not 'UNKNOWN: Failed to fetch'", async () => {
    // What Connect's fetch transport throws when nothing answers.
    renderApp(<SaveButton error={ConnectError.from(new TypeError('Failed to fetch'))} />);
    screen.getByRole('button', { name: 'Save' }).click();
    const toast = await screen.findByTestId('notification');
    expect(toast.textContent).toContain('UNAVAILABLE: The server could not be reached. Check your network connection.');
    expect(toast.textContent).not.toContain('Failed to fetch');
  });
});
