import type { FieldErrors, Resolver } from 'react-hook-form';
import { contactListInputSchema, type ContactListInput } from '@caucus/api/contract';
import type { ContactList, ContactListType } from '../api/listsApi';
import { emptyCondition, toDrafts, toWireRules, type DraftRule } from './ruleDrafts';

/** What the form holds: tags as the comma-separated text the user types, rules as drafts. */
export type ListFormValues = {
  name: string;
  description: string;
  type: ContactListType;
  tagsText: string;
  rules: DraftRule[];
};

export function emptyListForm(): ListFormValues {
  return { name: '', description: '', type: 'static', tagsText: '', rules: [emptyCondition()] };
}

export function listFormFrom(list: ContactList): ListFormValues {
  return {
    name: list.name,
    description: list.description ?? '',
    type: list.type,
    tagsText: list.tags.join(', '),
    rules: list.rules.length > 0 ? toDrafts(list.rules) : [emptyCondition()],
  };
}

/** Form -> request body; the contract trims tags, drops empty ones and checks the rules. */
export function toListInput(values: ListFormValues): ContactListInput {
  return {
    name: values.name,
    description: values.description.trim() ? values.description : null,
    type: values.type,
    tags: values.tagsText.split(','),
    rules: values.type === 'smart' ? toWireRules(values.rules) : [],
  };
}

const FORM_FIELD: Record<string, keyof ListFormValues> = { name: 'name', description: 'description', type: 'type', tags: 'tagsText', rules: 'rules' };

/** The contract's schema validates the form, so the form shows the API's own messages. */
export const listFormResolver: Resolver<ListFormValues> = async (values) => {
  const result = contactListInputSchema.safeParse(toListInput(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<ListFormValues> = {};
  for (const issue of result.error.issues) {
    const field = FORM_FIELD[String(issue.path[0])] ?? 'name';
    if (!errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};
