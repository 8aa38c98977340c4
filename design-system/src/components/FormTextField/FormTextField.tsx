import type { ChangeEvent } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from '../TextField';
import { useBoundField } from '../Form';

type Bound = 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref';

export type FormTextFieldProps<TValues extends FieldValues = FieldValues> = (
  Omit<Extract<TextFieldProps, { multiline?: false }>, Bound> | Omit<Extract<TextFieldProps, { multiline: true }>, Bound>
) & {
  /** Path of the value in the form, e.g. 'email' or 'addresses.0.city'. */
  name: FieldPath<TValues>;
  /** Called after the form's value changed, for fields that follow this one (a slug from a name). */
  onValueChange?: (value: string) => void;
};

/** A TextField (or textarea with `multiline`) bound to the surrounding Form: value, error, aria wiring. */
export function FormTextField<TValues extends FieldValues = FieldValues>({ name, onValueChange, ...props }: FormTextFieldProps<TValues>) {
  const field = useBoundField(name);
  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    field.onChange(event.target.value);
    onValueChange?.(event.target.value);
  };
  return (
    <TextField
      {...(props as TextFieldProps)}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onBlur={field.onBlur}
      onChange={handleChange}
      error={field.error}
    />
  );
}
