import type { ReactNode } from 'react';
import { useForm, type FieldErrors, type FieldValues } from 'react-hook-form';
import { Button } from '../Button';
import { Form } from './Form';

export type StoryFormProps = {
  defaultValues: FieldValues;
  /** Errors to show as if a submit had failed validation. */
  errors?: FieldErrors;
  children: ReactNode;
};

/** Stories of the bound fields render inside a real form, with errors given as a resolver would. */
export function StoryForm({ defaultValues, errors, children }: StoryFormProps) {
  const form = useForm({ defaultValues, errors });
  return (
    <Form form={form} onSubmit={() => undefined} style={{ display: 'grid', gap: 16, maxWidth: 420 }} aria-label="Example">
      {children}
      <div>
        <Button type="submit">Save</Button>
      </div>
    </Form>
  );
}
