import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useForm } from 'react-hook-form';
import { FormCard } from './form-layout';
import { TextField } from './text-field';

/** A save that ends when the test says so. */
function deferredSave() {
  let finish = () => {};
  const save = vi.fn(
    (_values: { name: string }) =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return { save, finish: () => finish() };
}

function NameForm({ save }: { save: (values: { name: string }) => Promise<unknown> }) {
  const { control, handleSubmit } = useForm({ defaultValues: { name: 'Neo Kowloon' } });
  return (
    <MemoryRouter>
      <FormCard label="New map" onSubmit={handleSubmit(save)} saving={false} disabled={false} cancelTo="/admin/maps">
        <TextField control={control} name="name" label="Name" />
      </FormCard>
    </MemoryRouter>
  );
}

describe('FormCard', () => {
  it('sends one save for a double submit, however fast, and takes the next once it has ended', async () => {
    const { save, finish } = deferredSave();
    render(<NameForm save={save} />);
    const form = screen.getByRole('form', { name: 'New map' });
    // Both events before React renders again, as a double click or Enter twice do: the saving flag is still false.
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    fireEvent.submit(form);
    await act(async () => {
      finish();
    });
    expect(save).toHaveBeenCalledTimes(1);

    fireEvent.submit(form);
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]?.[0]).toEqual({ name: 'Neo Kowloon' });
  });

  it('takes a new submit after a failed save', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('refused')).mockResolvedValueOnce(undefined);
    render(<NameForm save={(values) => save(values).catch(() => {})} />);
    const form = screen.getByRole('form', { name: 'New map' });
    fireEvent.submit(form);
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await act(async () => {});
    fireEvent.submit(form);
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
  });

  it('takes no further submit once a save has moved the page on, while the next screen renders', async () => {
    const before = window.location.href;
    // What a page's save does on success: the router pushes the next URL, then renders the next screen.
    const save = vi.fn(async () => {
      window.history.pushState(null, '', '/admin/maps/saved');
    });
    render(<NameForm save={save} />);
    const form = screen.getByRole('form', { name: 'New map' });
    fireEvent.submit(form);
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await act(async () => {});
    fireEvent.submit(form);
    await act(async () => {});
    expect(save).toHaveBeenCalledTimes(1);
    window.history.pushState(null, '', before);
  });
});
