import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '../../lib/zod';
import { TextField } from './text-field';
import { SelectField } from './select-field';
import { CheckboxField } from './checkbox-field';
import { SubmitButton } from './submit-button';
import { visibleError } from './field-error';

const schema = z.object({
  name: z
    .string()
    .check(z.minLength(3, 'Name to short'), z.maxLength(64, 'Name to long'), z.regex(/^[A-Za-z0-9 _-]*$/, 'Name can only contain letters, numbers and dashes')),
  realm: z.string().check(z.minLength(1, 'Realm is required')),
  public: z.boolean(),
});
type Values = z.infer<typeof schema>;

function DemoForm({ saving = false }: { saving?: boolean }) {
  const { control, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { name: '', realm: '', public: false },
  });
  return (
    <form>
      <TextField control={control} name="name" label="Name" />
      <SelectField
        control={control}
        name="realm"
        label="Realm"
        options={[
          { value: 'human', label: 'Human' },
          { value: 'cyborg', label: 'Cyborg' },
        ]}
      />
      <CheckboxField control={control} name="public" label="Public" />
      <SubmitButton saving={saving} invalid={!formState.isValid} />
    </form>
  );
}

describe('form controls', () => {
  it('hides errors until the field is dirty or touched', async () => {
    const user = userEvent.setup();
    render(<DemoForm />);
    const name = screen.getByLabelText('Name');
    expect(screen.queryByText('Name to short')).toBeNull();
    await user.type(name, 'ab');
    expect(screen.getByText('Name to short')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByText('Name to short').id);
    await user.type(name, '!');
    expect(screen.getByText('Name can only contain letters, numbers and dashes')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Nova');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows an error once a field is touched, even if unchanged', async () => {
    const user = userEvent.setup();
    render(<DemoForm />);
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('Name to short')).toBeTruthy();
  });

  it('visibleError follows the dirty/touched rule', () => {
    const error = { type: 'min', message: 'Too short' };
    expect(visibleError({ error, isDirty: false, isTouched: false })).toBeUndefined();
    expect(visibleError({ error, isDirty: true, isTouched: false })).toBe('Too short');
    expect(visibleError({ error, isDirty: false, isTouched: true })).toBe('Too short');
    expect(visibleError({ error: undefined, isDirty: true, isTouched: true })).toBeUndefined();
  });

  it('binds the select and checkbox, enabling submit once valid', async () => {
    const user = userEvent.setup();
    render(<DemoForm />);
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    await user.type(screen.getByLabelText('Name'), 'Nova');
    expect(submit.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: /Realm/ }));
    await user.click(screen.getByRole('option', { name: /Cyborg/ }));
    await user.click(screen.getByLabelText('Public'));
    expect(screen.getByLabelText<HTMLInputElement>('Public').checked).toBe(true);
    expect(submit.disabled).toBe(false);
  });
});

describe('SubmitButton', () => {
  it("reads 'Saving...' and is disabled while saving", () => {
    render(<SubmitButton saving invalid={false} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving...' });
    expect(button.disabled).toBe(true);
  });

  it('is disabled while the form is invalid', () => {
    render(
      <SubmitButton saving={false} invalid>
        Create
      </SubmitButton>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);
  });
});
