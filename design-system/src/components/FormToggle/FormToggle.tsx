import type { FieldPath, FieldValues } from 'react-hook-form';
import { Toggle, type ToggleProps } from '../Toggle';
import { useBoundField } from '../Form';

export type FormToggleProps<TValues extends FieldValues = FieldValues> = Omit<ToggleProps, 'checked' | 'defaultChecked' | 'onChange' | 'name'> & {
  name: FieldPath<TValues>;
  onValueChange?: (checked: boolean) => void;
};

/** A Toggle (switch) bound to a boolean of the surrounding Form. */
export function FormToggle<TValues extends FieldValues = FieldValues>({ name, onValueChange, ...props }: FormToggleProps<TValues>) {
  const field = useBoundField(name);
  return (
    <Toggle
      {...props}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(checked) => {
        field.onChange(checked);
        onValueChange?.(checked);
      }}
    />
  );
}
