import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormCard } from '../../components/form/form-layout';
import { TextField } from '../../components/form/text-field';
import { mapFormSchema, type MapFormValues } from './map-form-schema';

interface Props {
  initial: MapFormValues;
  editing?: boolean;
  saving: boolean;
  cancelTo: string;
  /** Saves; resolves when the save has ended (FormCard ignores submits until then). */
  onSubmit: (values: MapFormValues) => Promise<unknown>;
}

export function MapForm({ initial, editing = false, saving, cancelTo, onSubmit }: Props) {
  const { control, handleSubmit, formState } = useForm<MapFormValues>({
    resolver: zodResolver(mapFormSchema),
    mode: 'all',
    defaultValues: initial,
  });
  return (
    <FormCard
      label={editing ? 'Edit map' : 'New map'}
      onSubmit={handleSubmit(onSubmit)}
      saving={saving}
      disabled={!formState.isValid || (editing && !formState.isDirty)}
      cancelTo={cancelTo}
    >
      <TextField control={control} name="name" label="Name" autoComplete="off" />
      <TextField control={control} name="mapPath" label="Map Path" autoComplete="off" hint="e.g. /Game/Maps/NeoTokyo" />
    </FormCard>
  );
}
