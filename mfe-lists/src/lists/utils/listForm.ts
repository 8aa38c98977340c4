import { z } from 'zod';
import { contactListInputSchema, LIST_TYPE_VALUES, type ContactListInput } from '@caucus/contract';
import type { ContactList, ContactListType } from '../api/listsApi';
import { emptyCondition, toDrafts, toWireRules, type DraftRule } from './ruleDrafts';

/**
 * What the form holds, under the API's field names (so the contract's messages land on the fields):
 * tags as the comma-separated text the user types, rules as drafts.
 */
export type ListFormValues = {
  name: string;
  description: string;
  type: ContactListType;
  tags: string;
  rules: DraftRule[];
};

export function emptyListForm(): ListFormValues {
  return { name: '', description: '', type: 'static', tags: '', rules: [emptyCondition()] };
}

export function listFormFrom(list: ContactList): ListFormValues {
  return {
    name: list.name,
    description: list.description ?? '',
    type: list.type,
    tags: list.tags.join(', '),
    rules: list.rules.length > 0 ? toDrafts(list.rules) : [emptyCondition()],
  };
}

/** Form -> request body; the contract trims tags, drops empty ones and checks the rules. */
export function toListInput(values: ListFormValues): ContactListInput {
  return {
    name: values.name,
    description: values.description.trim() ? values.description : null,
    type: values.type,
    tags: values.tags.split(','),
    rules: values.type === 'smart' ? toWireRules(values.rules) : [],
  };
}

/**
 * The form's schema: the form's values become the request body (toListInput: tags split, rule drafts
 * made wire rules, none for a static list) and the contract's own schema checks that body, so the form
 * shows the API's messages. The form submits its values as typed (zodResolver raw) and shapes the body
 * with toListInput, so a list's isActive is never sent from here.
 */
export const listFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    type: z.enum(LIST_TYPE_VALUES),
    tags: z.string(),
    rules: z.custom<DraftRule[]>((rules) => Array.isArray(rules)),
  })
  .transform(toListInput)
  .pipe(contactListInputSchema);
