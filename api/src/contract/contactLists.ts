import { z } from 'zod';
import { limitOffsetQuery, queryBoolean, searchParam } from './common';

export const LIST_TYPE_VALUES = ['static', 'smart'] as const;

export const contactListsQuerySchema = z.object({
  ...limitOffsetQuery,
  search: searchParam,
  type: z
    .enum([...LIST_TYPE_VALUES, 'all'], { error: 'type must be one of: all, static, smart' })
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
  isActive: queryBoolean('isActive'),
});

export type ContactListsQuery = z.input<typeof contactListsQuerySchema>;

export type ListRule = {
  field: string;
  operator: string;
  value: unknown;
  logic?: 'and' | 'or';
};

export type ContactListSummary = {
  id: string;
  name: string;
  description: string | null;
  type: (typeof LIST_TYPE_VALUES)[number];
  tags: string[];
  rules: ListRule[];
  memberCount: number;
  isActive: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  creator: { firstName: string; lastName: string } | null;
};

/** data of GET /api/contact-lists */
export type ContactListsResponse = { lists: ContactListSummary[]; total: number };
/** data of GET /api/contact-lists/:id */
export type ContactListDetailResponse = { list: ContactListSummary };
