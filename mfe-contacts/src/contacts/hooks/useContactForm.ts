import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactFormInput } from '@caucus/contract';
import type { ContactFormValues } from '../utils/contactForm';

// The contract's rules over the text the fields hold (docs/adr/0004-forms-from-the-contract.md).
const contactFormSchema = contactFormInput<ContactFormValues>();

/** The contact form, made once by the page; its tabs read it from the surrounding Form. */
export function useContactForm(defaultValues: ContactFormValues) {
  return useForm<ContactFormValues>({
    // raw: the body is shaped from the fields as typed (toContactInput); the contract only validates.
    resolver: zodResolver(contactFormSchema, undefined, { raw: true }),
    defaultValues,
    reValidateMode: 'onSubmit',
  });
}

export type ContactListKey = 'tags' | 'phoneNumbers' | 'emailAddresses' | 'addresses' | 'associations' | 'education' | 'employment' | 'notes';

/**
 * One list of the surrounding contact form: its entries as they are now, and `update`, which replaces
 * the list with what the given change makes of it (add, remove, move, mark primary).
 */
export function useContactFormList<K extends ContactListKey>(key: K) {
  const { control, getValues, setValue } = useFormContext<ContactFormValues>();
  const items = useWatch({ control, name: key }) as ContactFormValues[K];
  const update = (change: (items: ContactFormValues[K]) => ContactFormValues[K]) => {
    setValue(key, change(getValues(key)) as never, { shouldDirty: true });
  };
  return [items, update] as const;
}
