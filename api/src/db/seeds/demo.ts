import argon2 from 'argon2';
import type { Knex } from 'knex';
import { newId } from '../../lib/ids';
import { insertInBatches } from '../batch';
import type {
  CampaignRow,
  ContactAddressRow,
  ContactAssociationRow,
  ContactEducationRow,
  ContactEmailAddressRow,
  ContactEmploymentRow,
  ContactListMemberRow,
  ContactNoteRow,
  ContactPhoneNumberRow,
  ContactRow,
  DonationRow,
  PledgeRow,
} from '../rows';
import { COUNTED_DONATION_STATUS } from '@caucus/contract';
import { rebuildDonationRollups } from '../../modules/analytics-reports/rollups';
import { recomputeCampaignTotals } from '../../modules/campaigns/repository';
import {
  CITIES,
  FIELDS_OF_STUDY,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  NOTE_SNIPPETS,
  ORGANIZATIONS,
  PERSONAL_EMAIL_DOMAINS,
  STREETS,
  TAGS,
  UNIVERSITIES,
  addDays,
  createRandom,
  emailLocal,
  fictionalPhone,
  isoDateDaysFrom,
  pad,
  type Random,
} from './fakeData';

export const DEMO_EMAIL = 'demo@caucus.local';
export const DEMO_PASSWORD = 'caucus-demo';
export const DEMO_ACCOUNT_NAME = 'Caucus Demo Campaign';
export const DEMO_CONTACT_COUNT = 200;

/** A row as the seed inserts it: the columns named always set, any other it sets too (the rest take their defaults). */
type Seed<T, K extends keyof T = never> = Pick<T, K | Extract<'id', keyof T>> & Partial<T>;
type SeedContact = Seed<ContactRow>;
type SeedCampaign = Seed<CampaignRow>;
type SeedDonation = Seed<DonationRow, 'contactId' | 'campaignId' | 'status' | 'donationAmount' | 'donationDate'>;

interface ContactTotals {
  total: number;
  count: number;
  lastAmount: number | null;
  lastDate: string | null;
}

/** Seeds the demo workspace unless the demo user already exists. Returns true when it seeded. */
export async function seedDemoIfEmpty(knex: Knex): Promise<boolean> {
  const existing = await knex('users').where({ email: DEMO_EMAIL }).first('id');
  if (existing) return false;

  // Hash outside the transaction: it takes tens of milliseconds and needs no connection.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });

  return knex.transaction(async (trx) => {
    // Re-check inside the transaction so two processes starting together do not both seed.
    const again = await trx('users').where({ email: DEMO_EMAIL }).first('id');
    if (again) return false;
    await insertDemo(trx, passwordHash);
    return true;
  });
}

async function insertDemo(trx: Knex.Transaction, passwordHash: string): Promise<void> {
  const rnd = createRandom(20261121);
  const now = new Date();
  const stamp = { createdAt: now, updatedAt: now };

  const accountId = newId();
  const userId = newId();
  await trx('accounts').insert({
    id: accountId,
    name: DEMO_ACCOUNT_NAME,
    organizationType: 'political',
    status: 'active',
    planId: 'growth',
    email: DEMO_EMAIL,
    phone: '(312) 555-0100',
    website: 'https://caucus.local',
    city: 'Chicago',
    state: 'IL',
    ...stamp,
  });
  await trx('users').insert({
    id: userId,
    email: DEMO_EMAIL,
    passwordHash,
    firstName: 'Demo',
    lastName: 'Organizer',
    phone: '(312) 555-0101',
    status: 'active',
    ...stamp,
  });
  await trx('memberships').insert({ id: newId(), accountId, userId, role: 'owner', ...stamp });
  await trx('subscriptions').insert({
    id: newId(),
    accountId,
    planId: 'growth',
    provider: 'local',
    providerCustomerId: `cus_demo_${accountId.slice(0, 8)}`,
    providerSubscriptionId: `sub_demo_${accountId.slice(0, 8)}`,
    checkoutSessionId: null,
    status: 'active',
    currentPeriodEnd: addDays(now, 30),
    ...stamp,
  });

  // Committees, donation accounts, campaigns.
  const committees = [
    { id: newId(), accountId, name: 'Friends of Maria Rivera', committeeType: 'candidate', ...stamp },
    { id: newId(), accountId, name: 'Citizens for Clean Water', committeeType: 'ballot_measure', ...stamp },
  ];
  await trx('committees').insert(committees);

  const campaignIds = [newId(), newId(), newId()];
  const donationAccounts = [
    { id: newId(), accountId, name: 'Rivera for Mayor Operating', accountType: 'state', campaignId: campaignIds[0], ...stamp },
    { id: newId(), accountId, name: 'Clean Water Committee Fund', accountType: 'local', campaignId: campaignIds[1], ...stamp },
    { id: newId(), accountId, name: 'Caucus Demo General Fund', accountType: 'operating', campaignId: null, ...stamp },
  ];
  await trx('donation_accounts').insert(donationAccounts);

  const campaigns: SeedCampaign[] = [
    {
      id: campaignIds[0],
      name: 'Re-Elect Mayor Rivera 2026',
      slug: 're-elect-mayor-rivera-2026',
      description: 'Grassroots fundraising for the mayoral re-election: field offices, mailers and digital ads.',
      campaignType: 'fundraising',
      status: 'active',
      committeeId: committees[0].id,
      donationAccountId: donationAccounts[0].id,
      fundraisingGoal: 250000,
      contactGoal: 2000,
      volunteerGoal: 150,
      startDate: isoDateDaysFrom(now, -200),
      endDate: isoDateDaysFrom(now, 160),
      allowPublicDonations: true,
      donationMinimum: 5,
      donationMaximum: 6600,
      suggestedAmounts: JSON.stringify([25, 50, 100, 250, 500, 1000]),
    },
    {
      id: campaignIds[1],
      name: 'Clean Water Ballot Measure',
      slug: 'clean-water-ballot-measure',
      description: 'Advocacy for Measure W: replace lead service lines across the city within ten years.',
      campaignType: 'advocacy',
      status: 'active',
      committeeId: committees[1].id,
      donationAccountId: donationAccounts[1].id,
      fundraisingGoal: 75000,
      contactGoal: 5000,
      volunteerGoal: 300,
      startDate: isoDateDaysFrom(now, -120),
      endDate: isoDateDaysFrom(now, 90),
      allowPublicDonations: true,
      donationMinimum: 1,
      donationMaximum: 0,
      suggestedAmounts: JSON.stringify([10, 25, 50, 100, 250]),
    },
    {
      id: campaignIds[2],
      name: 'Spring Membership Drive',
      slug: 'spring-membership-drive',
      description: 'Annual membership renewals and new member outreach for the party caucus.',
      campaignType: 'membership',
      status: 'completed',
      committeeId: null,
      donationAccountId: donationAccounts[2].id,
      fundraisingGoal: 30000,
      contactGoal: 800,
      volunteerGoal: 40,
      startDate: isoDateDaysFrom(now, -330),
      endDate: isoDateDaysFrom(now, -240),
      allowPublicDonations: false,
      donationMinimum: 1,
      donationMaximum: 0,
      suggestedAmounts: JSON.stringify([25, 50, 100]),
    },
  ];

  // Contacts and their nested rows.
  const contacts: SeedContact[] = [];
  const phones: Seed<ContactPhoneNumberRow>[] = [];
  const emails: Seed<ContactEmailAddressRow>[] = [];
  const addresses: Seed<ContactAddressRow>[] = [];
  const education: Seed<ContactEducationRow>[] = [];
  const employment: Seed<ContactEmploymentRow>[] = [];
  const notes: Seed<ContactNoteRow>[] = [];
  const associations: Seed<ContactAssociationRow>[] = [];

  for (let i = 0; i < DEMO_CONTACT_COUNT; i += 1) {
    const contact = makeContact(rnd, i, accountId, userId, now);
    contacts.push(contact.contact);
    phones.push(...contact.phones);
    emails.push(...contact.emails);
    addresses.push(...contact.addresses);

    const contactId = contact.contact.id;
    if (rnd.chance(0.35)) {
      const year = rnd.int(1975, 2022);
      education.push({
        id: newId(),
        accountId,
        contactId,
        institutionName: rnd.pick(UNIVERSITIES),
        degreeType: rnd.pick(['bachelor', 'master', 'doctorate', 'associate'] as const),
        degreeName: rnd.pick(['B.A.', 'B.S.', 'M.A.', 'M.B.A.', 'J.D.', 'Ph.D.']),
        fieldOfStudy: rnd.pick(FIELDS_OF_STUDY),
        graduationYear: year,
        gpa: rnd.chance(0.5) ? Math.round((2.8 + rnd.next() * 1.2) * 100) / 100 : null,
        honors: rnd.chance(0.2) ? 'Cum Laude' : null,
        isCurrent: year > 2024,
        notes: null,
        sortOrder: 0,
        ...stamp,
      });
    }
    if (contact.contact.organization) {
      employment.push({
        id: newId(),
        accountId,
        contactId,
        companyName: contact.contact.organization,
        jobTitle: contact.contact.title,
        department: rnd.pick(['Operations', 'Legal', 'Engineering', 'Finance', 'Administration', null]),
        employmentType: 'full_time',
        startDate: isoDateDaysFrom(now, -rnd.int(200, 5000)),
        endDate: null,
        isCurrent: true,
        salaryRange: rnd.pick(['$50k-$75k', '$75k-$100k', '$100k-$150k', '$150k+', null]),
        description: null,
        sortOrder: 0,
        ...stamp,
      });
    }
    const noteCount = rnd.chance(0.5) ? rnd.int(1, 3) : 0;
    for (let n = 0; n < noteCount; n += 1) {
      const snippet = rnd.pick(NOTE_SNIPPETS);
      const at = addDays(now, -rnd.int(1, 300));
      notes.push({
        id: newId(),
        accountId,
        contactId,
        subject: snippet.subject,
        content: snippet.content,
        noteType: snippet.type,
        isPrivate: rnd.chance(0.15),
        createdBy: userId,
        createdAt: at,
        updatedAt: at,
      });
    }
  }

  // Associations between contacts (spouses, colleagues...), never a contact with itself.
  for (let i = 0; i < 40; i += 1) {
    const a = contacts[rnd.int(0, contacts.length - 1)];
    const b = contacts[rnd.int(0, contacts.length - 1)];
    if (a.id === b.id) continue;
    const type = rnd.pick(['spouse', 'colleague', 'friend', 'business_partner', 'mentor', 'sibling'] as const);
    associations.push({
      id: newId(),
      accountId,
      contactId: a.id,
      associatedContactId: b.id,
      relationshipType: type,
      relationshipDescription: type === 'colleague' ? 'Works together' : null,
      sortOrder: 0,
      ...stamp,
    });
  }

  // Pledges and donations; totals are derived from the rows afterwards.
  const pledges: Seed<PledgeRow>[] = [];
  const donations: SeedDonation[] = [];
  const campaignWindows = [
    { index: 0, fromDays: -200, toDays: -1, weight: 0.55 },
    { index: 1, fromDays: -120, toDays: -1, weight: 0.3 },
    { index: 2, fromDays: -330, toDays: -240, weight: 0.15 },
  ];
  const pickCampaign = () => {
    const r = rnd.next();
    let acc = 0;
    for (const w of campaignWindows) {
      acc += w.weight;
      if (r < acc) return w;
    }
    return campaignWindows[0];
  };
  const amounts = [10, 25, 25, 50, 50, 50, 100, 100, 100, 150, 250, 250, 500, 1000, 2500];

  for (const contact of contacts) {
    if (!rnd.chance(0.65)) continue;
    const gifts = rnd.int(1, 6);
    for (let g = 0; g < gifts; g += 1) {
      const window = pickCampaign();
      const amount = rnd.chance(0.15) ? rnd.money(5, 300) : rnd.pick(amounts);
      const r = rnd.next();
      const status = r < 0.88 ? 'completed' : r < 0.94 ? 'pending' : r < 0.97 ? 'refunded' : 'failed';
      donations.push(
        makeDonation(rnd, {
          accountId,
          userId,
          contactId: contact.id,
          campaignId: campaignIds[window.index],
          donationAccountId: donationAccounts[window.index].id,
          amount,
          status,
          date: isoDateDaysFrom(now, rnd.int(window.fromDays, window.toDays)),
          now,
        }),
      );
    }
  }

  // Pledges: fulfilled ones are paid by linked donations, confirmed ones half paid, pending unpaid.
  for (let i = 0; i < 45; i += 1) {
    const contact = contacts[rnd.int(0, contacts.length - 1)];
    const window = campaignWindows[rnd.int(0, 1)];
    const pledgeAmount = rnd.pick([250, 500, 1000, 1500, 2500, 5000]);
    const r = rnd.next();
    const status = r < 0.35 ? 'fulfilled' : r < 0.65 ? 'confirmed' : r < 0.92 ? 'pending' : 'cancelled';
    const pledgeDate = isoDateDaysFrom(now, rnd.int(-100, -10));
    const pledgeId = newId();
    let fulfilled = 0;
    if (status === 'fulfilled' || status === 'confirmed') {
      fulfilled = status === 'fulfilled' ? pledgeAmount : pledgeAmount / 2;
      donations.push(
        makeDonation(rnd, {
          accountId,
          userId,
          contactId: contact.id,
          campaignId: campaignIds[window.index],
          donationAccountId: donationAccounts[window.index].id,
          amount: fulfilled,
          status: 'completed',
          date: isoDateDaysFrom(now, rnd.int(-9, -1)),
          now,
          pledgeId,
        }),
      );
    }
    pledges.push({
      id: pledgeId,
      accountId,
      contactId: contact.id,
      campaignId: campaignIds[window.index],
      pledgeAmount,
      amountFulfilled: fulfilled,
      frequency: rnd.pick(['one_time', 'one_time', 'monthly', 'quarterly', 'annually'] as const),
      pledgeDate,
      dueDate: isoDateDaysFrom(now, rnd.int(10, 120)),
      status,
      paymentMethod: rnd.pick(['check', 'credit_card', 'ach'] as const),
      isAnonymous: rnd.chance(0.05),
      solicitorId: userId,
      notes: status === 'cancelled' ? 'Donor asked to cancel after a change in circumstances.' : null,
      createdBy: userId,
      ...stamp,
    });
  }

  applyTotals(contacts, campaigns, donations);
  for (const c of campaigns) Object.assign(c, { accountId, createdBy: userId, ...stamp });

  await trx('campaigns').insert(campaigns);
  await insertInBatches(trx, 'contacts', contacts, 200);
  await insertInBatches(trx, 'contact_phone_numbers', phones);
  await insertInBatches(trx, 'contact_email_addresses', emails);
  await insertInBatches(trx, 'contact_addresses', addresses);
  await insertInBatches(trx, 'contact_education', education);
  await insertInBatches(trx, 'contact_employment', employment);
  await insertInBatches(trx, 'contact_notes', notes);
  await insertInBatches(trx, 'contact_associations', associations);
  await insertInBatches(trx, 'pledges', pledges);
  await insertInBatches(trx, 'donations', donations, 300);
  // The analytics roll-ups are written with their donations (docs/product/compliance.md).
  await rebuildDonationRollups(trx, accountId);
  // Campaign reach counts pledgers too: the ledger's own recomputation, so reconciliation finds the
  // demo's figures equal to its rows (docs/adr/0012-the-ledger.md).
  await recomputeCampaignTotals(trx, accountId);

  await insertLists(trx, rnd, accountId, userId, contacts, now);
  await insertEvents(trx, rnd, accountId, userId, campaignIds, now);
}

function makeContact(rnd: Random, i: number, accountId: string, userId: string, now: Date) {
  const firstName = rnd.pick(FIRST_NAMES);
  const lastName = rnd.pick(LAST_NAMES);
  const place = rnd.pick(CITIES);
  const employed = rnd.chance(0.7);
  const org = employed ? rnd.pick(ORGANIZATIONS) : null;
  const id = newId();
  const personalEmail = `${emailLocal(firstName, lastName)}${i}@${rnd.pick(PERSONAL_EMAIL_DOMAINS)}`;
  const workEmail = org ? `${emailLocal(firstName, lastName)}@${org.domain}` : null;
  const mobile = fictionalPhone(place.area, i);
  const home = rnd.chance(0.4) ? fictionalPhone(place.area, i + 37) : null;
  const street = `${rnd.int(10, 9899)} ${rnd.pick(STREETS)}`;
  const zip = `${place.zip}${pad(rnd.int(1, 99), 2)}`;

  const tags = new Set<string>();
  const tagCount = rnd.int(0, 3);
  for (let t = 0; t < tagCount; t += 1) tags.add(rnd.pick(TAGS));
  const isVolunteer = tags.has('volunteer') || tags.has('phone-bank');
  const isBoardMember = tags.has('board');
  const r = rnd.next();
  const status = r < 0.86 ? 'active' : r < 0.93 ? 'inactive' : r < 0.97 ? 'do_not_contact' : 'bounced';
  const createdAt = addDays(now, -rnd.int(0, 400));
  const stamp = { createdAt, updatedAt: createdAt };

  const contact: SeedContact = {
    id,
    accountId,
    firstName,
    lastName,
    organization: org?.name ?? null,
    title: org ? rnd.pick(JOB_TITLES) : null,
    primaryEmail: rnd.chance(0.5) && workEmail ? workEmail : personalEmail,
    secondaryEmail: workEmail && rnd.chance(0.5) ? personalEmail : null,
    primaryPhone: mobile,
    secondaryPhone: home,
    mobilePhone: mobile,
    addressLine1: street,
    addressLine2: rnd.chance(0.15) ? `Apt ${rnd.int(1, 40)}` : null,
    city: place.city,
    state: place.state,
    zipCode: zip,
    country: 'US',
    birthDate: rnd.chance(0.6) ? isoDateDaysFrom(new Date(Date.UTC(1950, 0, 1)), rnd.int(0, 365 * 50)) : null,
    occupation: org ? rnd.pick(JOB_TITLES) : rnd.pick(['Retired', 'Student', 'Homemaker', 'Self-employed']),
    employer: org?.name ?? null,
    quickNotes: rnd.chance(0.2) ? 'Prefers email over phone calls.' : null,
    tags: JSON.stringify([...tags]),
    status,
    profileImageKey: null,
    volunteerHours: isVolunteer ? rnd.int(2, 120) : 0,
    eventsAttended: rnd.int(0, 8),
    isVolunteer,
    isBoardMember,
    createdBy: userId,
    ...stamp,
  };

  const phones: Seed<ContactPhoneNumberRow>[] = [
    { id: newId(), accountId, contactId: id, phoneNumber: mobile, phoneType: 'mobile', isPrimary: true, extension: null, notes: null, sortOrder: 0, ...stamp },
  ];
  if (home) {
    phones.push({
      id: newId(),
      accountId,
      contactId: id,
      phoneNumber: home,
      phoneType: 'home',
      isPrimary: false,
      extension: null,
      notes: 'Evenings only',
      sortOrder: 1,
      ...stamp,
    });
  }
  const emails: Seed<ContactEmailAddressRow>[] = [
    {
      id: newId(),
      accountId,
      contactId: id,
      emailAddress: personalEmail,
      emailType: 'personal',
      isPrimary: contact.primaryEmail === personalEmail,
      notes: null,
      sortOrder: 0,
      ...stamp,
    },
  ];
  if (workEmail) {
    emails.push({
      id: newId(),
      accountId,
      contactId: id,
      emailAddress: workEmail,
      emailType: 'work',
      isPrimary: contact.primaryEmail === workEmail,
      notes: null,
      sortOrder: 1,
      ...stamp,
    });
  }
  const addresses: Seed<ContactAddressRow>[] = [
    {
      id: newId(),
      accountId,
      contactId: id,
      addressType: 'home',
      isPrimary: true,
      streetAddress1: street,
      streetAddress2: contact.addressLine2,
      city: place.city,
      stateProvince: place.state,
      postalCode: zip,
      country: 'US',
      notes: null,
      sortOrder: 0,
      ...stamp,
    },
  ];
  return { contact, phones, emails, addresses };
}

function makeDonation(
  rnd: Random,
  d: {
    accountId: string;
    userId: string;
    contactId: string;
    campaignId: string;
    donationAccountId: string;
    amount: number;
    status: DonationRow['status'];
    date: string;
    now: Date;
    pledgeId?: string;
  },
): SeedDonation {
  const method = rnd.pick(['credit_card', 'credit_card', 'check', 'ach', 'cash', 'paypal', 'venmo'] as const);
  const processed = d.status === 'completed' || d.status === 'refunded';
  const fee = method === 'credit_card' || method === 'paypal' ? Math.round(d.amount * 0.029 * 100) / 100 + 0.3 : 0;
  return {
    id: newId(),
    accountId: d.accountId,
    contactId: d.contactId,
    campaignId: d.campaignId,
    pledgeId: d.pledgeId ?? null,
    donationAccountId: d.donationAccountId,
    donationAmount: d.amount,
    paymentMethod: method,
    status: d.status,
    donationDate: d.date,
    processedDate: processed ? new Date(`${d.date}T15:00:00.000Z`) : null,
    checkNumber: method === 'check' ? String(rnd.int(1000, 9999)) : null,
    transactionId: method === 'credit_card' || method === 'paypal' ? `txn_${rnd.int(100000000, 999999999)}` : null,
    referenceNumber: null,
    notes: null,
    isAnonymous: rnd.chance(0.04),
    isRecurring: rnd.chance(0.1),
    solicitorId: null,
    taxDeductibleAmount: null,
    netAmount: Math.round((d.amount - fee) * 100) / 100,
    inKindDescription: null,
    fairMarketValue: null,
    createdBy: d.userId,
    createdAt: d.now,
    updatedAt: d.now,
  };
}

/** Contact and campaign totals from the donation rows (only completed donations count). */
function applyTotals(contacts: SeedContact[], campaigns: SeedCampaign[], donations: SeedDonation[]): void {
  const byContact = new Map<string, ContactTotals>();
  const byCampaign = new Map<string, { cents: number; count: number; donors: Set<string> }>();
  for (const d of donations) {
    const contactId = d.contactId as string;
    const campaignId = d.campaignId as string;
    const camp = byCampaign.get(campaignId) ?? { cents: 0, count: 0, donors: new Set<string>() };
    camp.donors.add(contactId);
    byCampaign.set(campaignId, camp);
    if (d.status !== COUNTED_DONATION_STATUS) continue;
    const cents = Math.round(d.donationAmount * 100);
    camp.cents += cents;
    camp.count += 1;
    const t = byContact.get(contactId) ?? { total: 0, count: 0, lastAmount: null, lastDate: null };
    t.total += cents;
    t.count += 1;
    const date = d.donationDate as string;
    if (!t.lastDate || date > t.lastDate) {
      t.lastDate = date;
      t.lastAmount = d.donationAmount;
    }
    byContact.set(contactId, t);
  }
  for (const c of contacts) {
    const t = byContact.get(c.id);
    const total = t ? t.total / 100 : 0;
    Object.assign(c, {
      totalDonated: total,
      donationCount: t?.count ?? 0,
      averageDonation: t && t.count ? Math.round(t.total / t.count) / 100 : 0,
      lastDonationAmount: t?.lastAmount ?? null,
      lastDonationDate: t?.lastDate ?? null,
      isMajorDonor: total >= 1000,
    });
  }
  const volunteers = new Set(contacts.filter((c) => c.isVolunteer).map((c) => c.id));
  for (const campaign of campaigns) {
    const t = byCampaign.get(campaign.id);
    Object.assign(campaign, {
      amountRaised: t ? t.cents / 100 : 0,
      donationCount: t?.count ?? 0,
      contactsReached: t?.donors.size ?? 0,
      volunteersRecruited: t ? [...t.donors].filter((id) => volunteers.has(id)).length : 0,
    });
  }
}

async function insertLists(trx: Knex.Transaction, rnd: Random, accountId: string, userId: string, contacts: SeedContact[], now: Date): Promise<void> {
  const staticId = newId();
  const smartId = newId();
  const volunteers = contacts.filter((c) => c.isVolunteer && c.status === 'active');
  const staticMembers = (volunteers.length >= 10 ? volunteers : contacts).slice(0, 25);
  const smartMembers = contacts.filter((c) => (c.totalDonated as number) > 500);
  const stamp = { createdAt: now, updatedAt: now };

  await trx('contact_lists').insert([
    {
      id: staticId,
      accountId,
      name: 'Volunteer Core Team',
      description: 'Volunteers we call first for canvassing and phone banks.',
      type: 'static',
      tags: JSON.stringify(['volunteers', 'field']),
      isActive: true,
      memberCount: staticMembers.length,
      rulesAppliedAt: null,
      createdBy: userId,
      ...stamp,
    },
    {
      id: smartId,
      accountId,
      name: 'Donors Over $500',
      description: 'Everyone whose completed giving is above $500.',
      type: 'smart',
      tags: JSON.stringify(['donors']),
      isActive: true,
      memberCount: smartMembers.length,
      rules: JSON.stringify([{ field: 'totalDonated', operator: 'greater_than', value: 500 }]),
      rulesAppliedAt: now,
      createdBy: userId,
      ...stamp,
    },
  ]);
  const members: Seed<ContactListMemberRow>[] = [
    ...staticMembers.map((c): Seed<ContactListMemberRow> => ({
      id: newId(),
      accountId,
      listId: staticId,
      contactId: c.id,
      source: 'manual',
      notes: rnd.chance(0.2) ? 'Team lead' : null,
      addedBy: userId,
      addedAt: now,
    })),
    ...smartMembers.map((c): Seed<ContactListMemberRow> => ({
      id: newId(),
      accountId,
      listId: smartId,
      contactId: c.id,
      source: 'smart_rule',
      notes: null,
      addedBy: userId,
      addedAt: now,
    })),
  ];
  await insertInBatches(trx, 'contact_list_members', members);
}

async function insertEvents(trx: Knex.Transaction, rnd: Random, accountId: string, userId: string, campaignIds: string[], now: Date): Promise<void> {
  const plans = [
    { days: -40, name: 'Spring Membership Mixer', type: 'meeting', campaign: 2, virtual: false },
    { days: -21, name: 'Clean Water Town Hall', type: 'town_hall', campaign: 1, virtual: false },
    { days: -7, name: 'Neighborhood Canvass Kickoff', type: 'canvass', campaign: 0, virtual: false },
    { days: -2, name: 'Volunteer Phone Bank', type: 'phone_bank', campaign: 0, virtual: true },
    { days: 3, name: 'Donor Briefing Webinar', type: 'webinar', campaign: 1, virtual: true },
    { days: 8, name: 'Rivera Community Rally', type: 'rally', campaign: 0, virtual: false },
    { days: 14, name: 'Lead Line Facts Webinar', type: 'webinar', campaign: 1, virtual: true },
    { days: 21, name: 'Autumn Fundraising Gala', type: 'gala', campaign: 0, virtual: false },
    { days: 30, name: 'Weekend Canvass: North Side', type: 'canvass', campaign: 0, virtual: false },
    { days: 45, name: 'Clean Water Benefit Dinner', type: 'fundraiser', campaign: 1, virtual: false },
  ];
  const venues = [
    'Harold Washington Library, Chicago, IL',
    'Union Hall, 1200 W Lake St, Chicago, IL',
    'Lakeview Community Center, Chicago, IL',
    'Navy Pier Grand Ballroom, Chicago, IL',
  ];
  const rows = plans.map((p, i) => {
    const start = addDays(now, p.days);
    start.setUTCHours(p.virtual ? 23 : 17, 0, 0, 0);
    const end = new Date(start.getTime() + (p.type === 'gala' ? 4 : 2) * 3600000);
    // A canvass runs all day: a calendar day, no time.
    const allDay = p.type === 'canvass';
    const past = p.days < 0;
    const fundraiser = p.type === 'gala' || p.type === 'fundraiser';
    const maxAttendees = p.virtual ? 0 : rnd.pick([50, 100, 150, 300]);
    return {
      id: newId(),
      accountId,
      campaignId: campaignIds[p.campaign],
      name: p.name,
      slug: p.name
        .toLowerCase()
        .replace(/[^a-z0-9\s-]/g, '')
        .trim()
        .replace(/\s+/g, '-')
        .replace(/-+/g, '-'),
      description: `${p.name} for supporters and volunteers.`,
      eventType: p.type,
      status: past ? 'completed' : i % 3 === 0 ? 'draft' : 'published',
      startDate: allDay ? null : start,
      endDate: allDay ? null : end,
      startDay: allDay ? isoDateDaysFrom(now, p.days) : null,
      endDay: allDay ? isoDateDaysFrom(now, p.days) : null,
      location: p.virtual ? null : venues[i % venues.length],
      virtualUrl: p.virtual ? `https://meet.caucus.local/${i + 1}` : null,
      isVirtual: p.virtual,
      isPublic: p.type !== 'meeting',
      maxAttendees,
      fundraisingGoal: fundraiser ? 25000 : 0,
      ticketPrice: fundraiser ? 150 : 0,
      allowDonations: true,
      requiresRsvp: fundraiser || p.type === 'meeting',
      currentAttendees: past ? rnd.int(20, 90) : rnd.int(0, 40),
      amountRaised: past && fundraiser ? rnd.int(5, 20) * 1000 : 0,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    };
  });
  await trx('events').insert(rows);
}
