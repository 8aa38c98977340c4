import { z } from 'zod';
import { auditQuerySchema } from '@caucus/contract';
import { describeRoutes } from '../../openapi/describe';

const text = z.string();
const auditEntrySchema = z.object({
  id: text,
  entityType: text,
  entityId: text,
  action: text,
  userId: text.nullable(),
  userName: text.nullable().meta({ description: 'The author as named when the change was made (kept after removal)' }),
  sessionId: text.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: text,
});

export const auditApi = describeRoutes('Audit', {
  'GET /api/audit': {
    summary: 'The audit trail, newest first, 50 a page; format=csv downloads every matching entry',
    description:
      'Append-only: no route edits or deletes an entry. from/to are calendar days in the workspace time zone, both included. The CSV names each field by its label.',
    query: auditQuerySchema,
    responses: {
      '200': {
        description: '`{ data: { entries, page, pageSize, total, authors, names, sessions } }`, or a CSV attachment when format=csv',
        content: {
          'application/json': {
            schema: z.object({
              data: z.object({
                entries: z.array(auditEntrySchema),
                page: z.number(),
                pageSize: z.number(),
                total: z.number(),
                authors: z.array(z.object({ id: text, name: text })),
                names: z
                  .record(z.string(), text)
                  .meta({ description: "Today's names, by id, of the contacts, campaigns and committees the entries change or name in their values" }),
                sessions: z
                  .record(z.string(), text)
                  .meta({ description: 'The sessions the entries were made from, by id: browser, system and IP, as Settings > Security names them' }),
              }),
            }),
          },
          'text/csv': { schema: z.string() },
        },
      },
    },
  },
});
