import type { FormHTMLAttributes } from 'react';
import {
  FormProvider,
  useController,
  useFormContext,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

export type FormProps<TValues extends FieldValues, TOutput = TValues> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** What `useForm` returned: the bound fields inside read it from context. */
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Called with the resolver's output once every field is valid. */
  onSubmit: SubmitHandler<TOutput>;
  onInvalid?: SubmitErrorHandler<TValues>;
};

/**
 * A form bound to react-hook-form: provides the form to the bound fields (FormTextField, FormSelect,
 * FormCheckbox, FormToggle) and validates on submit. `noValidate` because the zod schema, not the
 * browser, owns the messages.
 */
export function Form<TValues extends FieldValues, TOutput = TValues>({ form, onSubmit, onInvalid, children, ...formProps }: FormProps<TValues, TOutput>) {
  return (
    <FormProvider {...form}>
      <form
        {...formProps}
        noValidate
        onSubmit={(event) => {
          // React bubbles events through portals: a form in a modal must not also submit the form
          // the modal was opened from (the financials modals inside the contact form).
          event.stopPropagation();
          return form.handleSubmit(onSubmit, onInvalid)(event);
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * One field of the surrounding Form: its value, its error message, and an onChange that clears the
 * error as the user edits (the field is checked again on the next submit).
 */
export function useBoundField(name: string) {
  const { control, clearErrors } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const error = messageOf(fieldState.error);
  return {
    name: field.name,
    value: field.value,
    ref: field.ref,
    onBlur: field.onBlur,
    error: error || undefined,
    onChange: (value: unknown) => {
      field.onChange(value);
      if (fieldState.error) clearErrors(name);
    },
  };
}

/**
 * The message of a field's error. A text that the schema reads as a list (tags typed with commas) can
 * fail on one item ('tags.3'): the field then shows that item's message, since it has no field of its own.
 */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, nested] of Object.entries(error)) {
    // ref is the DOM element react-hook-form attaches; only the nested errors are searched.
    if (key !== 'ref' && isPlainError(nested)) {
      const found = messageOf(nested);
      if (found) return found;
    }
  }
  return undefined;
}

function isPlainError(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Array.isArray(value);
}
