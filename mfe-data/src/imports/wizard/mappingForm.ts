import { z } from 'zod';
import { importRequestSchema, NO_CONTACT_FOR_ROW, validateImportRow, mapImportRow, type ImportTargetField } from '@caucus/contract';
import type { Mapping } from './autoMap';

/**
 * The mapping step's form. Columns are a list, not a record keyed by header: headers such as
 * "Donor.Email" or "Amount [USD]" would read as paths to react-hook-form.
 */
export type MappingFormValues = { columns: { header: string; target: string }[] };

export const toFormValues = (headers: string[], mapping: Mapping): MappingFormValues => ({
  columns: headers.map((header) => ({ header, target: mapping[header] ?? '' })),
});

export const toMapping = (values: MappingFormValues): Mapping =>
  Object.fromEntries(values.columns.map((column) => [column.header, column.target as ImportTargetField | '']));

export type MappingIssue = { header: string | null; message: string };

/**
 * The contract's rules for a mapping, as the server applies them to the import request (a field
 * mapped from two columns, an unknown field, nothing mapped). The request's other parts get stand-ins
 * so that only the mapping's own issues come back.
 */
export function mappingIssues(headers: string[], mapping: Mapping): MappingIssue[] {
  const result = importRequestSchema.safeParse({ campaignId: 'campaign', fileName: 'file', headers, mapping, rows: [{}] });
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path[0] === 'mapping')
    .map((issue) => ({ header: issue.path.length > 1 ? String(issue.path[1]) : null, message: issue.message }));
}

/** Duplicate issues carry the warning title of docs/product/messages.md, Import. */
export const DUPLICATE_MAPPINGS = 'Duplicate Field Mappings Detected';
export const isDuplicateIssue = (issue: MappingIssue) => issue.message.startsWith(DUPLICATE_MAPPINGS);

/** The form's schema: the contract's mapping rules, each issue on the column it concerns. */
export const mappingFormSchema: z.ZodType<MappingFormValues, MappingFormValues> = z
  .object({ columns: z.array(z.object({ header: z.string(), target: z.string() })) })
  .superRefine((value, ctx) => {
    const headers = value.columns.map((column) => column.header);
    for (const issue of mappingIssues(headers, toMapping(value))) {
      const index = issue.header === null ? -1 : headers.indexOf(issue.header);
      ctx.addIssue({ code: 'custom', path: index < 0 ? ['columns'] : ['columns', index, 'target'], message: issue.message });
    }
  });

/**
 * Whether no mapped column can name a contact ('Missing Required Fields'). Asked of the contract's
 * row check itself: a row with a value in every mapped column would still have no contact.
 */
export function missingContactFields(mapping: Mapping): boolean {
  const probe = Object.fromEntries(
    Object.entries(mapping)
      .filter(([, target]) => target)
      .map(([header]) => [header, 'x']),
  );
  if (Object.keys(probe).length === 0) return true;
  return validateImportRow(mapImportRow(probe, mapping), '2000-01-01').errors.some((error) => error.message === NO_CONTACT_FOR_ROW);
}
