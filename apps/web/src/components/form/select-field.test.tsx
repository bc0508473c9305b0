import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { SelectField } from './select-field';

function ClearableForm({ onValue }: { onValue: (value: string) => void }) {
  const { control, watch } = useForm({ defaultValues: { dimension: 'd1' } });
  onValue(watch('dimension'));
  return <SelectField control={control} name="dimension" label="Dimension" placeholder="Global" clearable options={[{ value: 'd1', label: 'Chrome Hill' }]} />;
}

describe('SelectField clearable', () => {
  it("clears a single choice back to ''", async () => {
    const user = userEvent.setup();
    let value = '';
    render(<ClearableForm onValue={(v) => (value = v)} />);
    expect(value).toBe('d1');
    await user.click(screen.getByRole('button', { name: 'Clear Dimension' }));
    expect(value).toBe('');
    expect(screen.getByRole('button', { name: /Dimension/ }).textContent).toContain('Global');
  });
});
