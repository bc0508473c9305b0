import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { SelectWithFilter } from '../select/select-with-filter';
import type { SelectOption } from '../select/select-logic';
import { visibleError } from './field-error';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  multiple?: boolean;
  /** Single choice only: a button that clears the choice (stored as ''). */
  clearable?: boolean;
}

/** SelectWithFilter bound to react-hook-form; empty single choice is stored as ''. */
export function SelectField<T extends FieldValues>({ control, name, label, options, placeholder, multiple, clearable }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const error = visibleError(fieldState);
  if (multiple) {
    return (
      <SelectWithFilter
        multiple
        label={label}
        options={options}
        placeholder={placeholder}
        value={(field.value as string[] | undefined) ?? []}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={error}
      />
    );
  }
  return (
    <SelectWithFilter
      label={label}
      options={options}
      placeholder={placeholder}
      value={field.value || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      error={error}
      clearable={clearable}
    />
  );
}
