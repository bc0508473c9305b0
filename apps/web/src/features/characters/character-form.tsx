import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormCard } from '../../components/form/form-layout';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useDimensions } from '../../lib/api/dimensions';
import { useUsers } from '../../lib/api/owners';
import { characterFormSchema, type CharacterFormValues } from './character-form-schema';
import { capitalize, GENDERS, REALMS } from './character-messages';

interface Props {
  initial: CharacterFormValues;
  editing?: boolean;
  saving: boolean;
  cancelTo: string;
  /** Saves; resolves when the save has ended (FormCard ignores submits until then). */
  onSubmit: (values: CharacterFormValues) => Promise<unknown>;
  /** Take the parent's width (FormCard's `fill`). */
  fill?: boolean;
}

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: capitalize(value) }));

export function CharacterForm({ initial, editing = false, saving, cancelTo, onSubmit, fill }: Props) {
  const users = useUsers();
  const dimensions = useDimensions();
  const ownerOptions = useMemo(() => {
    const options = (users.data ?? []).map((u) => ({ value: u.id, label: u.username }));
    // Keep the current owner choosable even when the user list is unavailable or truncated.
    if (initial.ownerId && !options.some((o) => o.value === initial.ownerId)) options.unshift({ value: initial.ownerId, label: initial.ownerId });
    return options;
  }, [users.data, initial.ownerId]);
  const dimensionOptions = useMemo(() => (dimensions.data ?? []).map((d) => ({ value: d.id, label: d.name })), [dimensions.data]);
  const { control, handleSubmit, formState } = useForm<CharacterFormValues>({
    resolver: zodResolver(characterFormSchema),
    mode: 'all',
    defaultValues: initial,
  });
  return (
    <FormCard
      label={editing ? 'Edit character' : 'New character'}
      onSubmit={handleSubmit(onSubmit)}
      saving={saving}
      disabled={!formState.isValid || (editing && !formState.isDirty)}
      cancelTo={cancelTo}
      fill={fill}
    >
      <SelectField control={control} name="ownerId" label="Owner" options={ownerOptions} placeholder="Select the owning user" />
      {users.isError && <p className="-mt-3 text-sm text-amber-200">Could not list users: {users.error.message}</p>}
      <TextField control={control} name="name" label="Name" autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField control={control} name="gender" label="Gender" options={choices(GENDERS)} placeholder="Select a gender" />
        <SelectField control={control} name="realm" label="Realm" options={choices(REALMS)} placeholder="Select a realm" />
      </div>
      <SelectField control={control} name="dimensionId" label="Dimension" options={dimensionOptions} placeholder="Select a dimension" />
    </FormCard>
  );
}
