import type { FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox, type CheckboxProps } from '../Checkbox';
import { useBoundField } from '../Form';

export type FormCheckboxProps<TValues extends FieldValues = FieldValues> = Omit<
  CheckboxProps,
  'checked' | 'defaultChecked' | 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'
> & {
  name: FieldPath<TValues>;
  onValueChange?: (checked: boolean) => void;
};

/** A Checkbox bound to a boolean of the surrounding Form. */
export function FormCheckbox<TValues extends FieldValues = FieldValues>({ name, onValueChange, ...props }: FormCheckboxProps<TValues>) {
  const field = useBoundField(name);
  return (
    <Checkbox
      {...props}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onBlur={field.onBlur}
      error={field.error}
      onChange={(event) => {
        field.onChange(event.target.checked);
        onValueChange?.(event.target.checked);
      }}
    />
  );
}
