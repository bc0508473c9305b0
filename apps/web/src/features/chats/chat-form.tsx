import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField } from '../../components/form/checkbox-field';
import { FormCard } from '../../components/form/form-layout';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useDimensions } from '../../lib/api/dimensions';
import { chatFormSchema, type ChatFormValues } from './chat-form-schema';

interface Props {
  initial: ChatFormValues;
  editing?: boolean;
  saving: boolean;
  cancelTo: string;
  /** Saves; resolves when the save has ended (FormCard ignores submits until then). */
  onSubmit: (values: ChatFormValues) => Promise<unknown>;
}

export function ChatForm({ initial, editing = false, saving, cancelTo, onSubmit }: Props) {
  const dimensions = useDimensions();
  const options = useMemo(() => (dimensions.data ?? []).map((d) => ({ value: d.id, label: d.name })), [dimensions.data]);
  const { control, handleSubmit, formState } = useForm<ChatFormValues>({
    resolver: zodResolver(chatFormSchema),
    mode: 'all',
    defaultValues: initial,
  });
  return (
    <FormCard
      label={editing ? 'Edit chat' : 'New chat'}
      onSubmit={handleSubmit(onSubmit)}
      saving={saving}
      disabled={!formState.isValid || (editing && !formState.isDirty)}
      cancelTo={cancelTo}
    >
      <TextField control={control} name="name" label="Name" autoComplete="off" />
      <SelectField control={control} name="dimensionId" label="Dimension" options={options} placeholder="Global (every dimension)" clearable />
      <CheckboxField control={control} name="public" label="Public (any character in the dimension may join)" />
    </FormCard>
  );
}
