import type { FieldPath, FieldValues } from 'react-hook-form';
import { Select, type SelectProps } from '../Select';
import { useBoundField } from '../Form';

export type FormSelectProps<TValues extends FieldValues = FieldValues> = Omit<
  SelectProps,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'
> & {
  name: FieldPath<TValues>;
  /** Called after the form's value changed, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
};

/** A native Select bound to the surrounding Form. */
export function FormSelect<TValues extends FieldValues = FieldValues>({ name, onValueChange, ...props }: FormSelectProps<TValues>) {
  const field = useBoundField(name);
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onBlur={field.onBlur}
      error={field.error}
      onChange={(event) => {
        field.onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
    />
  );
}
