import { COUNTED_DONATION_STATUS, defaultElectionCode, type ImportRowValues } from '@caucus/contract';
import { newId } from '../../../lib/ids';
import { NO_COMMITTEE_FOR_ELECTION, noElectionMessage } from '../../compliance/designation';
import type { ContactAssociationRow, ContactNoteRow, DonationRow, ImportEffectRow, PledgeRow } from '../../../db/rows';
import type { ContactRow } from '../../matching';
import type { BatchPlan } from './plan';
import type { BatchRow } from './validate';

// The second step of a batch: each row still kept becomes the rows it writes (its contact merged or
// created, its gift, pledge, note and association), in memory; a row whose designation or totals do
// not fit is skipped with its reason instead. Nothing here reads or writes the database.

/** Rows as a batch inserts them: the columns it sets (the rest take their defaults). */
export type NewDonationRow = Pick<
  DonationRow,
  | 'id'
  | 'accountId'
  | 'contactId'
  | 'campaignId'
  | 'donationAccountId'
  | 'donationAmount'
  | 'paymentMethod'
  | 'status'
  | 'checkNumber'
  | 'transactionId'
  | 'electionCode'
  | 'isAnonymous'
  | 'isRecurring'
  | 'importId'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
> & {
  /** The row's date as validated. */
  donationDate: Donation['date'];
};
export type NewPledgeRow = Pick<
  PledgeRow,
  | 'id'
  | 'accountId'
  | 'contactId'
  | 'campaignId'
  | 'pledgeAmount'
  | 'amountFulfilled'
  | 'frequency'
  | 'pledgeDate'
  | 'dueDate'
  | 'status'
  | 'paymentMethod'
  | 'isAnonymous'
  | 'importId'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
>;
export type NewNoteRow = Omit<ContactNoteRow, 'id'> & { id: string };
export type NewAssociationRow = Omit<ContactAssociationRow, 'relationshipDescription'>;
/** An effect as the batch records it (the write step gives it its id, account and import). */
export type NewEffect = Pick<ImportEffectRow, 'kind' | 'contactId' | 'targetId'> & Partial<Pick<ImportEffectRow, 'data'>>;

export type BuiltBatch = {
  donations: NewDonationRow[];
  pledges: NewPledgeRow[];
  notes: NewNoteRow[];
  associations: NewAssociationRow[];
  /** What the import did to contacts that outlive it (notes, associations; the write step adds fills and tags). */
  effects: NewEffect[];
  /** Donors and pledgers of this batch (to tell whom the campaign reaches for the first time). */
  reached: Set<string>;
};

export function buildBatch(plan: BatchPlan): BuiltBatch {
  const built: BuiltBatch = { donations: [], pledges: [], notes: [], associations: [], effects: [], reached: new Set() };
  for (const row of plan.rows) {
    if (!row.reason) buildRow(plan, row, built);
  }
  return built;
}

/** The cents a row's gift adds to the totals: a counted donation's amount, else nothing. */
const countedCentsOf = (values: ImportRowValues) =>
  values.donation && values.donation.status === COUNTED_DONATION_STATUS ? Math.round(values.donation.amount * 100) : 0;

function buildRow(plan: BatchPlan, w: BatchRow, built: BuiltBatch): void {
  const { contacts, totals, committeeId, elections } = plan;
  const v = w.values;
  const namedId = v.contactId ?? v.donation?.contactId ?? v.pledge?.contactId;
  const hasPerson = Boolean(v.firstName || v.lastName || v.email || v.organization);
  const explicitElection = v.donation?.electionCode ?? null;
  if (explicitElection && !elections.some((e) => e.code === explicitElection)) {
    w.reason = committeeId ? noElectionMessage(explicitElection) : NO_COMMITTEE_FOR_ELECTION;
    return;
  }

  const counted = countedCentsOf(v);
  if (counted > 0) {
    w.reason = totals.reasonAgainst(v.donation?.contactId ?? namedId ?? contacts.lookup(v)?.id, counted);
    if (w.reason) return;
  }

  let contact: ContactRow;
  if (namedId) {
    contact = contacts.byId(namedId) as ContactRow;
    if (hasPerson) contacts.fillEmpty(contact, v);
  } else {
    contact = contacts.resolve(v);
  }
  contacts.addTags(contact, v.tags);

  if (v.donation) {
    const donorId = v.donation.contactId ?? contact.id;
    built.donations.push(donationRow(plan, v.donation, donorId, explicitElection));
    built.reached.add(donorId);
    if (counted > 0) totals.add(donorId, counted);
  }
  if (v.pledge) {
    const pledgerId = v.pledge.contactId ?? contact.id;
    built.pledges.push(pledgeRow(plan, v.pledge, pledgerId));
    built.reached.add(pledgerId);
  }
  if (v.notes) {
    const note = noteRow(plan, contact.id, v.notes);
    built.notes.push(note);
    built.effects.push({ kind: 'note_created', contactId: contact.id, targetId: note.id });
  }
  if (v.associate) {
    const a = v.associate;
    const associate = contacts.resolve({ firstName: a.firstName, lastName: a.lastName, email: a.email, phone: a.phone, zipCode: v.zipCode });
    if (associate.id !== contact.id) {
      const association = associationRow(plan, contact.id, associate.id, a.relationship);
      built.associations.push(association);
      built.effects.push({ kind: 'association_created', contactId: contact.id, targetId: association.id });
    }
  }
}

type Donation = NonNullable<ImportRowValues['donation']>;
type Pledge = NonNullable<ImportRowValues['pledge']>;
type Associate = NonNullable<ImportRowValues['associate']>;

function donationRow(plan: BatchPlan, donation: Donation, contactId: string, explicitElection: string | null): NewDonationRow {
  return {
    id: newId(),
    accountId: plan.accountId,
    contactId,
    campaignId: plan.campaignId,
    donationAccountId: plan.donationAccountId,
    donationAmount: donation.amount,
    paymentMethod: donation.paymentMethod,
    status: donation.status,
    donationDate: donation.date,
    checkNumber: donation.paymentMethod === 'check' ? donation.checkNumber : null,
    transactionId: donation.transactionId,
    // Without a designation in the file, the election the gift's date falls in (the contract's rule).
    electionCode: explicitElection ?? (donation.date ? defaultElectionCode(plan.elections, donation.date) : null),
    isAnonymous: false,
    isRecurring: false,
    importId: plan.importId,
    createdBy: plan.userId,
    createdAt: plan.now,
    updatedAt: plan.now,
  };
}

function pledgeRow(plan: BatchPlan, pledge: Pledge, contactId: string): NewPledgeRow {
  return {
    id: newId(),
    accountId: plan.accountId,
    contactId,
    campaignId: plan.campaignId,
    pledgeAmount: pledge.amount,
    amountFulfilled: 0,
    frequency: 'one_time',
    pledgeDate: plan.today,
    dueDate: pledge.dueDate,
    status: pledge.status,
    paymentMethod: 'cash',
    isAnonymous: false,
    importId: plan.importId,
    createdBy: plan.userId,
    createdAt: plan.now,
    updatedAt: plan.now,
  };
}

function noteRow(plan: BatchPlan, contactId: string, content: string): NewNoteRow {
  return {
    id: newId(),
    accountId: plan.accountId,
    contactId,
    subject: 'Imported note',
    content,
    noteType: 'general',
    isPrivate: false,
    createdBy: plan.userId,
    createdAt: plan.now,
    updatedAt: plan.now,
  };
}

function associationRow(plan: BatchPlan, contactId: string, associatedContactId: string, relationshipType: Associate['relationship']): NewAssociationRow {
  return {
    id: newId(),
    accountId: plan.accountId,
    contactId,
    associatedContactId,
    relationshipType,
    sortOrder: 0,
    createdAt: plan.now,
    updatedAt: plan.now,
  };
}
