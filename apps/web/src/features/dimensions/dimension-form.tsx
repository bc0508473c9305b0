import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormCard } from '../../components/form/form-layout';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useMaps } from '../../lib/api/maps';
import { dimensionFormSchema, type DimensionFormValues } from './dimension-form-schema';

interface Props {
  initial: DimensionFormValues;
  editing?: boolean;
  saving: boolean;
  cancelTo: string;
  /** Saves; resolves when the save has ended (FormCard ignores submits until then). */
  onSubmit: (values: DimensionFormValues) => Promise<unknown>;
}

export function DimensionForm({ initial, editing = false, saving, cancelTo, onSubmit }: Props) {
  const maps = useMaps();
  const mapOptions = useMemo(() => (maps.data ?? []).map((m) => ({ value: m.id, label: m.name })), [maps.data]);
  const { control, handleSubmit, formState } = useForm<DimensionFormValues>({
    resolver: zodResolver(dimensionFormSchema),
    mode: 'all',
    defaultValues: initial,
  });
  return (
    <FormCard
      label={editing ? 'Edit dimension' : 'New dimension'}
      onSubmit={handleSubmit(onSubmit)}
      saving={saving}
      disabled={!formState.isValid || (editing && !formState.isDirty)}
      cancelTo={cancelTo}
    >
      <TextField control={control} name="name" label="Name" autoComplete="off" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={control} name="version" label="Version" autoComplete="off" hint="e.g. 1.0.0" />
        <TextField control={control} name="location" label="Location" autoComplete="off" hint="e.g. eu-west" />
      </div>
      <SelectField control={control} name="mapIds" label="Maps" options={mapOptions} placeholder="No maps" multiple />
    </FormCard>
  );
}
