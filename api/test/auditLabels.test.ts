import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_FIELD_LABELS } from '@caucus/contract';
import { createAccountWithUser, federalCommitteeBody, insertCampaign, insertContact, login, signedIn, type LoggedIn } from './helpers/fixtures';
import { vendorDisbursement } from './helpers/committees';
import { freshApp, type TestApp } from './helpers/twoAccountApp';

// Settings > Audit, a record's History and the CSV name every record type, action and field of the
// trail by a label of contract/auditLabels.ts (docs/adr/0016-roles-and-one-permission-table.md). This
// writes through the areas that record entries, as people do, and fails on any key of the stored
// entries the table does not name; a second check reads the record types and actions the API source
// spells out, so an area this walk does not reach is held too.

const ctx = freshApp();
let knex: Knex, app: TestApp;
beforeAll(() => ({ knex, app } = ctx));

/** Every request of the walk must succeed: a refused one would leave its entries unchecked. */
async function ok<T extends { status: number; body: { message?: string } }>(what: string, res: Promise<T>): Promise<T> {
  const answer = await res;
  expect([what, answer.status < 300 ? 'ok' : `${answer.status} ${answer.body.message ?? ''}`]).toEqual([what, 'ok']);
  return answer;
}

async function walkEveryArea(owner: LoggedIn, staff: LoggedIn) {
  const as = signedIn(app as never, owner);
  const byStaff = signedIn(app as never, staff);

  // Contacts: creation, an edit of identity and contact details, removal.
  const created = await ok(
    'create contact',
    as.post('/api/contacts', { firstName: 'Dana', lastName: 'Giver', primaryEmail: 'dana@example.org', city: 'Richmond', state: 'VA', zipCode: '23219' }),
  );
  const contactId = created.body.data.contact.id as string;
  await ok(
    'edit contact',
    as.put(`/api/contacts/${contactId}`, {
      firstName: 'Dana',
      lastName: 'Giver-Lee',
      primaryEmail: 'dana@example.org',
      city: 'Richmond',
      state: 'VA',
      zipCode: '23219',
      employer: 'Acme',
      occupation: 'Engineer',
      primaryPhone: '555-0101',
    }),
  );
  const doomed = await insertContact(knex, owner.accountId, { firstName: 'Gone', lastName: 'Soon' });
  await ok('delete contact', as.delete(`/api/contacts/${doomed}`));

  // Money through the ledger: a gift by staff (to review), its edit, the review, a pledge and its edit.
  const committeeId = (await ok('create committee', as.post('/api/committees', federalCommitteeBody()))).body.data.committee.id as string;
  const campaignId = await insertCampaign(knex, owner.accountId, { committeeId });
  const gift = await ok(
    'record gift',
    byStaff.post(`/api/contacts/${contactId}/donations`, {
      donationAmount: 150,
      donationDate: '2026-03-02',
      campaignId,
      paymentMethod: 'check',
      checkNumber: '1001',
      status: 'completed',
    }),
  );
  const giftId = gift.body.data.donation.id as string;
  await ok(
    'edit gift',
    as.put(`/api/contacts/donations/${giftId}`, { donationAmount: 100, donationDate: '2026-03-02', campaignId, status: 'completed', paymentMethod: 'cash' }),
  );
  await ok('review gift', as.post('/api/donations/review', { donationIds: [giftId] }));
  const pledge = await ok('record pledge', as.post(`/api/contacts/${contactId}/pledges`, { pledgeAmount: 300, pledgeDate: '2026-01-01', campaignId }));
  await ok(
    'edit pledge',
    as.put(`/api/contacts/pledges/${pledge.body.data.pledge.id}`, { pledgeAmount: 250, pledgeDate: '2026-01-01', campaignId, dueDate: '2026-06-30' }),
  );

  // Disbursements, a bank reconciliation, an FEC report filed and amended.
  const spent = await ok('record disbursement', as.post('/api/disbursements', vendorDisbursement(committeeId)));
  const disbursementId = spent.body.data.disbursement.id as string;
  await ok('edit disbursement', as.put(`/api/disbursements/${disbursementId}`, vendorDisbursement(committeeId, { amount: 475, memo: 'Yard signs' })));
  await ok('void disbursement', as.post(`/api/disbursements/${disbursementId}/void`, {}));
  await ok('reconcile', as.put(`/api/committees/${committeeId}/reconciliations/2026-02`, { statementBalance: 1250 }));
  const report = await ok('create report', as.post('/api/reports/fec', { committeeId, reportCode: 'Q1', year: 2026 }));
  const reportId = report.body.data.report.id as string;
  await ok('file report', as.post(`/api/reports/fec/${reportId}/file-status`, { filed: true, filedAt: '2026-04-15', fecFilingId: 'FEC-1234567' }));
  await ok('amend report', as.post(`/api/reports/fec/${reportId}/amend`));

  // Campaign archived (it holds a gift) and restored.
  await ok('archive campaign', as.post(`/api/campaigns/${campaignId}/archive`));
  await ok('unarchive campaign', as.post(`/api/campaigns/${campaignId}/unarchive`));

  // Settings: the organization and the two-factor requirement's refusal leaves nothing; the organization does.
  const organization = (await ok('read organization', as.get('/api/settings/organization'))).body.data;
  await ok(
    'edit organization',
    as.put('/api/settings/organization', {
      ...organization,
      name: 'Rivera for Council',
      type: 'non-profit',
      website: 'https://rivera.example',
      description: 'Neighbors for Rivera',
      street: '1 Main St',
      city: 'Arlington',
      state: 'VA',
      zip: '22201',
      taxId: '12-3456789',
      timezone: 'America/Denver',
      primaryColor: '#112233',
      secondaryColor: '#445566',
    }),
  );

  // Team: an invitation sent, sent again and revoked; a role changed.
  const invited = await ok('invite', as.post('/api/team/invitations', { email: `someone-${Date.now()}@example.org`, role: 'staff' }));
  const invitationId = invited.body.data.id as string;
  await ok('resend', as.post(`/api/team/invitations/${invitationId}/resend`));
  await ok('revoke', as.delete(`/api/team/invitations/${invitationId}`));
  await ok('change role', as.put(`/api/team/users/${staff.userId}`, { role: 'read_only' }));

  // Communication, call time and meetings.
  const template = await ok(
    'create template',
    as.post('/api/templates', {
      name: 'Thank you',
      purpose: 'acknowledgment',
      subject: 'Thank you, {{firstName}}',
      bodyText: 'Dear {{firstName}}, thank you.',
    }),
  );
  const templateId = template.body.data.template.id as string;
  await ok(
    'edit template',
    as.put(`/api/templates/${templateId}`, {
      name: 'Thanks',
      purpose: 'acknowledgment',
      subject: 'Thanks, {{firstName}}',
      bodyText: 'Dear {{firstName}}, thanks.',
    }),
  );
  await ok('delete template', as.delete(`/api/templates/${templateId}`));
  const list = await ok(
    'create list',
    as.post('/api/contact-lists', { name: 'Richmond', type: 'smart', rules: [{ field: 'city', operator: 'equals', value: 'Richmond' }] }),
  );
  await ok(
    'create call session',
    as.post('/api/call-sessions', { name: 'Tuesday call time', listId: list.body.data.list.id, campaignId, order: 'largest_giving', assigneeId: owner.userId }),
  );
  await ok(
    'log meeting',
    as.post('/api/meetings', { contactId, metAt: '2026-11-20T15:30:00.000Z', subject: 'Coffee', attendeeIds: [owner.userId], notes: 'Open to hosting' }),
  );

  // Contacts merged, and the merge undone.
  const twin = await insertContact(knex, owner.accountId, { firstName: 'Dana', lastName: 'Giver-Lee', primaryEmail: 'dana@example.org' });
  const merged = await ok('merge', as.post('/api/contacts/merge', { survivorId: contactId, mergedIds: [twin], fields: {} }));
  await ok('undo merge', as.post(`/api/contacts/merges/${merged.body.data.merge.id}/undo`));
}

type AuditRow = { entityType: string; action: string; beforeJson: string | null; afterJson: string | null };
const keysOf = (json: string | null | object): string[] => {
  if (json === null || json === undefined) return [];
  const value = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  return value && typeof value === 'object' ? Object.keys(value) : [];
};

describe("the audit trail's labels", () => {
  it('name every record type, action and field the walk through every area wrote', async () => {
    const owner = await login(app as never, await createAccountWithUser(knex));
    await knex('accounts').where({ id: owner.accountId }).update({ planId: 'organization' });
    const member = await createAccountWithUser(knex);
    await knex('memberships').where({ userId: member.userId }).update({ accountId: owner.accountId, role: 'staff' });
    const staff = await login(app as never, { ...member, accountId: owner.accountId });

    await walkEveryArea(owner, staff);

    const rows = (await knex('audit_log').where({ accountId: owner.accountId }).select('entityType', 'action', 'beforeJson', 'afterJson')) as AuditRow[];
    const entities = new Set(rows.map((row) => row.entityType));
    // The walk reached the areas it meant to.
    for (const entity of [
      'contact',
      'donation',
      'pledge',
      'disbursement',
      'bank_reconciliation',
      'fec_report',
      'campaign',
      'settings',
      'invitation',
      'team_member',
      'template',
      'call_session',
      'meeting',
    ]) {
      expect([entity, entities.has(entity)]).toEqual([entity, true]);
    }
    const unlabelled = new Set<string>();
    for (const row of rows) {
      if (!AUDIT_ENTITY_LABELS[row.entityType]) unlabelled.add(`record type ${row.entityType}`);
      if (!AUDIT_ACTION_LABELS[row.action]) unlabelled.add(`action ${row.action} (${row.entityType})`);
      for (const field of [...keysOf(row.beforeJson), ...keysOf(row.afterJson)]) {
        if (!AUDIT_FIELD_LABELS[field]) unlabelled.add(`field ${field} (${row.entityType} ${row.action})`);
      }
    }
    expect([...unlabelled].sort()).toEqual([]);
  });

  it('name every record type and action the API source records', () => {
    const spelled = { entityTypes: new Set<string>(), actions: new Set<string>() };
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts')) {
          const source = fs.readFileSync(file, 'utf8');
          if (!/recordAudit|traceMoney|auditReport|removeGifts/.test(source)) continue;
          for (const match of source.matchAll(/entityType: '([a-z_]+)'/g)) spelled.entityTypes.add(match[1]);
          for (const match of source.matchAll(/action: '([a-z_-]+)'/g)) spelled.actions.add(match[1]);
          for (const match of source.matchAll(/auditReport\([^)]*?'([a-z_-]+)'/g)) spelled.actions.add(match[1]);
          for (const match of source.matchAll(/values\.filed \? '([a-z_-]+)' : '([a-z_-]+)'|filed \? '([a-z_-]+)' : '([a-z_-]+)'/g))
            for (const action of match.slice(1)) if (action) spelled.actions.add(action);
          for (const match of source.matchAll(/removeGifts\([^)]*'([a-z_-]+)'\)/g)) spelled.actions.add(match[1]);
        }
      }
    };
    walk(path.join(__dirname, '../src/modules'));
    // Values that are not the trail's: a disbursement's FEC entity codes, the security headers' frame action.
    const notTrail = new Set(['IND', 'ORG', 'deny']);
    expect([...spelled.entityTypes].filter((type) => !notTrail.has(type) && !AUDIT_ENTITY_LABELS[type]).sort()).toEqual([]);
    expect([...spelled.actions].filter((action) => !notTrail.has(action) && !AUDIT_ACTION_LABELS[action]).sort()).toEqual([]);
    // The remedies' actions are the contract's choices, not literals here.
    for (const action of ['refund', 'redesignate', 'reattribute']) expect(AUDIT_ACTION_LABELS[action]).toBeDefined();
  });
});
