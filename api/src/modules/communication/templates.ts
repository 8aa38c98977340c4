import type { Knex } from 'knex';
import type { MessageTemplate, TemplatePreview, TemplatePurpose, TemplateValues } from '@caucus/contract';
import type { MessageTemplateRow } from '../../db/rows';
import { toIsoDate, toIsoDateTime, toMoneyOrNull } from '../../db/values';
import { BadRequest } from '../../http/errors';
import { findOwnedOr404, scoped } from '../../http/tenancy';
import { changedFields, recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { formatDay, formatMoney, renderTemplate, taxStatement, type MergeValues, type Organization } from './merge';
import { giftColumns, giftsQuery, organizationOf, peopleByIds, yearTotalOf, type Gift, type GiftRow, type Person } from './repository';

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const CONTACT_NOT_FOUND = 'Contact not found';

export function toTemplate(row: MessageTemplateRow): MessageTemplate {
  return {
    id: row.id,
    name: row.name,
    purpose: row.purpose,
    subject: row.subject,
    bodyText: row.bodyText,
    bodyHtml: row.bodyHtml ?? null,
    campaignId: row.campaignId || null,
    minAmount: toMoneyOrNull(row.minAmount),
    maxAmount: toMoneyOrNull(row.maxAmount),
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
  };
}

/** A template named in a send's or a batch's input: one that is not found is the input's error (400). */
export async function findTemplateOr400(db: Knex | Knex.Transaction, accountId: string, templateId: string): Promise<MessageTemplateRow> {
  return findOwnedOr404<MessageTemplateRow>(db, 'message_templates', accountId, templateId, TEMPLATE_NOT_FOUND).catch(() => {
    throw new BadRequest(TEMPLATE_NOT_FOUND, { templateId: TEMPLATE_NOT_FOUND });
  });
}

export function toGift(row: GiftRow): Gift {
  return {
    id: row.id,
    contactId: row.contactId || null,
    amount: Number(row.amount),
    donationDate: toIsoDate(row.donationDate) ?? '',
    paymentMethod: row.paymentMethod,
    campaignId: row.campaignId || null,
    campaignName: row.campaignName || null,
  };
}

/** The values of every merge field for one person (and, for a thank-you, one gift). */
export async function mergeValuesFor(
  db: Knex | Knex.Transaction,
  accountId: string,
  org: Organization,
  person: Person | null,
  gift: Gift | null,
): Promise<MergeValues> {
  const year = gift ? Number(gift.donationDate.slice(0, 4)) : new Date().getUTCFullYear();
  const ytd = person ? await yearTotalOf(db, accountId, person.id, year) : 0;
  return {
    firstName: person?.firstName || 'Friend',
    lastName: person?.lastName ?? '',
    fullName: person ? `${person.firstName} ${person.lastName}`.trim() || 'Friend' : 'Friend',
    giftAmount: gift ? formatMoney(gift.amount) : '',
    giftDate: gift ? formatDay(gift.donationDate) : '',
    campaignName: gift?.campaignName ?? '',
    yearToDateTotal: formatMoney(ytd),
    organizationName: org.name,
    taxStatement: taxStatement(org),
    year: String(year),
  };
}

async function assertCampaign(db: Knex, accountId: string, campaignId: string | null): Promise<void> {
  if (!campaignId) return;
  const found = await scoped(db, 'campaigns', accountId).where('campaigns.id', campaignId).first('id');
  if (!found) throw new BadRequest('Campaign not found', { campaignId: 'Campaign not found' });
}

function toRow(values: TemplateValues) {
  return {
    name: values.name,
    purpose: values.purpose,
    subject: values.subject,
    bodyText: values.bodyText,
    bodyHtml: values.bodyHtml ?? null,
    campaignId: values.campaignId ?? null,
    minAmount: values.minAmount,
    maxAmount: values.maxAmount,
  };
}

export function createTemplatesService(knex: Knex) {
  const find = (accountId: string, id: string, db: Knex | Knex.Transaction = knex) =>
    findOwnedOr404<MessageTemplateRow>(db, 'message_templates', accountId, id, TEMPLATE_NOT_FOUND);

  return {
    find,

    async list(accountId: string, purpose?: TemplatePurpose): Promise<MessageTemplate[]> {
      const query = scoped<MessageTemplateRow>(knex, 'message_templates', accountId).orderBy([{ column: 'name' }, { column: 'id' }]);
      if (purpose) query.where('purpose', purpose);
      return (await query).map(toTemplate);
    },

    async get(accountId: string, id: string): Promise<MessageTemplate> {
      return toTemplate(await find(accountId, id));
    },

    async create(accountId: string, actor: AuditActor, values: TemplateValues): Promise<MessageTemplate> {
      await assertCampaign(knex, accountId, values.campaignId ?? null);
      const id = newId();
      const now = new Date();
      await knex.transaction(async (trx) => {
        await trx('message_templates').insert({ id, accountId, ...toRow(values), createdBy: actor.userId, createdAt: now, updatedAt: now });
        await recordAudit(trx, { accountId, actor, entityType: 'template', entityId: id, action: 'create', after: toRow(values) });
      });
      return this.get(accountId, id);
    },

    async update(accountId: string, actor: AuditActor, id: string, values: TemplateValues): Promise<MessageTemplate> {
      await assertCampaign(knex, accountId, values.campaignId ?? null);
      await knex.transaction(async (trx) => {
        const before = toTemplate(await find(accountId, id, trx));
        await scoped(trx, 'message_templates', accountId)
          .where('id', id)
          .update({ ...toRow(values), updatedAt: new Date() });
        const change = changedFields(before, { ...before, ...toRow(values) });
        if (change) await recordAudit(trx, { accountId, actor, entityType: 'template', entityId: id, action: 'update', ...change });
      });
      return this.get(accountId, id);
    },

    async remove(accountId: string, actor: AuditActor, id: string): Promise<void> {
      await knex.transaction(async (trx) => {
        const before = toTemplate(await find(accountId, id, trx));
        await scoped(trx, 'message_templates', accountId).where('id', id).delete();
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'template',
          entityId: id,
          action: 'delete',
          before,
        });
      });
    },

    /** The template merged for a real contact, with their latest gift for the gift fields. */
    async preview(accountId: string, id: string, contactId: string): Promise<TemplatePreview> {
      const template = toTemplate(await find(accountId, id));
      const person = (await peopleByIds(knex, accountId, [contactId])).get(contactId);
      if (!person) throw new BadRequest(CONTACT_NOT_FOUND, { contactId: CONTACT_NOT_FOUND });
      const latest: GiftRow | undefined = await giftsQuery(knex, accountId)
        .where('donations.contactId', contactId)
        .orderBy([
          { column: 'donations.donationDate', order: 'desc' },
          { column: 'donations.id', order: 'desc' },
        ])
        .first(giftColumns(knex));
      const org = await organizationOf(knex, accountId);
      const values = await mergeValuesFor(knex, accountId, org, person, latest ? toGift(latest) : null);
      if (template.purpose === 'year_end') Object.assign(values, await yearValues(knex, accountId, contactId, Number(values.year)));
      return renderTemplate(template, values);
    },
  };
}

/** {{yearGifts}} and {{yearTotal}}: a donor's completed gifts of one calendar year, for the year-end letter. */
export async function yearValues(db: Knex | Knex.Transaction, accountId: string, contactId: string, year: number): Promise<MergeValues> {
  const rows: GiftRow[] = await giftsQuery(db, accountId)
    .where('donations.contactId', contactId)
    .whereBetween('donations.donationDate', [`${year}-01-01`, `${year}-12-31`])
    .orderBy([{ column: 'donations.donationDate' }, { column: 'donations.id' }])
    .select(giftColumns(db));
  const gifts = rows.map(toGift);
  const total = gifts.reduce((sum, gift) => sum + Math.round(gift.amount * 100), 0) / 100;
  const lines = gifts.map((gift) => `${formatDay(gift.donationDate)}  ${formatMoney(gift.amount)}${gift.campaignName ? `  ${gift.campaignName}` : ''}`);
  return { yearGifts: lines.join('\n'), yearTotal: formatMoney(total), year: String(year) };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
