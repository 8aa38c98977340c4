import type { z } from 'zod';
import type { ContactListSummary, contactListsQuerySchema, ContactListsResponse, ListRule } from '../../contract';
import { fromJsonText, toBool, toInt, toIsoDateTime, toJsonArray } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { ContactListsRepository } from './repository';

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function toRule(row: Row): ListRule {
  const logic = str(row.logic);
  return {
    field: String(row.field),
    operator: String(row.operator),
    value: fromJsonText(row.value),
    ...(logic === 'and' || logic === 'or' ? { logic } : {}),
  };
}

export function toContactList(row: Row, rules: Row[]): ContactListSummary {
  return {
    id: String(row.id),
    name: String(row.name),
    description: str(row.description),
    type: String(row.type) as ContactListSummary['type'],
    tags: toJsonArray<string>(row.tags),
    rules: rules.map(toRule),
    memberCount: toInt(row.memberCount),
    isActive: toBool(row.isActive),
    createdAt: toIsoDateTime(row.createdAt as Date | null),
    updatedAt: toIsoDateTime(row.updatedAt as Date | null),
    creator:
      row.creatorFirstName !== null && row.creatorFirstName !== undefined
        ? { firstName: String(row.creatorFirstName), lastName: String(row.creatorLastName ?? '') }
        : null,
  };
}

export function createContactListsService(repo: ContactListsRepository) {
  return {
    async list(accountId: string, query: z.output<typeof contactListsQuerySchema>): Promise<ContactListsResponse> {
      const { rows, total } = await repo.list(accountId, query);
      const rules = await repo.rulesFor(
        accountId,
        rows.map((row) => String(row.id)),
      );
      return { lists: rows.map((row) => toContactList(row, rules.get(String(row.id)) ?? [])), total };
    },

    async get(accountId: string, id: string): Promise<ContactListSummary> {
      assertIdOr404(id, 'Contact list not found');
      const row = await repo.findById(accountId, id);
      if (!row) throw new NotFound('Contact list not found');
      const rules = await repo.rulesFor(accountId, [id]);
      return toContactList(row, rules.get(id) ?? []);
    },
  };
}

export type ContactListsService = ReturnType<typeof createContactListsService>;
