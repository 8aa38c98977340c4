// What the API answers, as zod schemas: the one source of each response shape. The OpenAPI document
// describes responses from them, and the feature files' response types are inferred from them
// (`export type Campaign = z.output<typeof campaignSchema>` in campaigns.ts, imported with `import type`).
// Not re-exported from index.ts: the frontends never parse responses, and since only types cross over,
// their bundles leave these schemas out (docs/adr/0014-page-weight.md).
import { z } from 'zod';
import { CAMPAIGN_STATUS_VALUES, CAMPAIGN_TOTALS_INTERVALS } from './campaigns';
import { LIST_TYPE_VALUES, MEMBER_SOURCE_VALUES, OPERATOR_LABELS, RULE_FIELD_TYPES } from './contactLists';
import type { ListRule, RuleExplanation, RuleOperator } from './contactLists';
import { CONTACT_STATUS_VALUES } from './contacts';
import { GETTING_STARTED_STEPS } from './dashboard';
import { IMPORT_STATUS_VALUES, IMPORT_TYPE_VALUES } from './dataImport';
import { EVENT_STATUS_VALUES } from './events';
import { DONATION_STATUS_VALUES, PLEDGE_STATUS_VALUES } from './financials';
import { PERMISSIONS, ROLES } from './permissions';

const text = z.string();
const nullableText = z.string().nullable();
/** Instants are ISO 8601 in UTC. */
const instant = z.string().nullable().meta({ description: 'ISO 8601 instant (UTC)' });
/** A date without a time is a calendar date, never midnight UTC. */
const calendarDate = z.string().nullable().meta({ description: 'Calendar date YYYY-MM-DD' });
const idName = z.object({ id: text, name: text });
const personName = z.object({ firstName: text, lastName: text });

// ---- envelopes ----

export const apiFailureSchema = z
  .object({ message: text, details: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'ApiFailure', description: 'Every failure: a message safe to show, and the first problem per field.' });

export const deletedSchema = z.object({ deleted: z.literal(true) });

// ---- auth ----

export const authUserSchema = z.object({ id: text, email: text, firstName: text, lastName: text }).meta({ id: 'AuthUser' });
export const authAccountSchema = z.object({ id: text, name: text, organizationType: text }).meta({ id: 'AuthAccount' });
export const meResponseSchema = z.object({
  user: authUserSchema,
  accounts: z.array(authAccountSchema),
  twoFactorEnrollmentRequired: z.literal(true).optional(),
  role: z.enum(ROLES).optional().meta({ description: "The caller's role in the acting account (the first of `accounts`)" }),
  permissions: z.array(z.enum(PERMISSIONS)).optional().meta({ description: 'What that role allows (the permission table, `x-permission` of each route)' }),
});
export const loginResponseSchema = meResponseSchema.extend({
  token: text.meta({ description: 'For programmatic (bearer) clients; browsers use the httpOnly cookie.' }),
});
export const authMessageResponseSchema = z.object({ message: text });

// ---- billing and signup ----

export const planSchema = z
  .object({ id: text, name: text, price: z.number().meta({ description: 'US dollars per month' }), users: z.number(), popular: z.boolean() })
  .meta({ id: 'Plan' });
export const plansResponseSchema = z.object({ plans: z.array(planSchema) });
export const checkoutSessionCreatedSchema = z.object({ sessionId: text, url: text });
export const checkoutVerifiedSchema = z.union([
  z.object({ status: z.literal('paid'), planId: text, signedIn: z.literal(true) }).extend(loginResponseSchema.shape),
  z.object({ status: z.literal('paid'), planId: text, signedIn: z.literal(false) }),
]);

export const signupResponseSchema = z.object({ accountId: text, email: text, planId: text });
export const signupEmailCheckResponseSchema = z.object({ available: z.boolean() });

// ---- contacts ----

export const contactSummarySchema = z
  .object({
    id: text,
    firstName: nullableText,
    lastName: nullableText,
    organization: nullableText,
    title: nullableText,
    primaryEmail: nullableText,
    secondaryEmail: nullableText,
    primaryPhone: nullableText,
    secondaryPhone: nullableText,
    mobilePhone: nullableText,
    addressLine1: nullableText,
    addressLine2: nullableText,
    city: nullableText,
    state: nullableText,
    zipCode: nullableText,
    country: nullableText,
    birthDate: calendarDate,
    occupation: nullableText,
    employer: nullableText,
    quickNotes: nullableText,
    tags: z.array(text),
    status: z.enum(CONTACT_STATUS_VALUES),
    totalDonated: z.number(),
    isVolunteer: z.boolean(),
    isBoardMember: z.boolean(),
    profileImageKey: nullableText,
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'ContactSummary' });

export const contactListResponseSchema = z.object({
  contacts: z.array(contactSummarySchema),
  total: z.number().meta({ description: 'Exact unless moreThanTotal: a search stops counting past 1,000 matches' }),
  moreThanTotal: z.boolean().meta({ description: 'A search found more than total (1,000) contacts; the UI reads "more than 1,000"' }),
});

export const contactDocumentSchema = z
  .object({ key: text, fileName: text, mimeType: text, size: z.number().meta({ description: 'Bytes' }), uploadedAt: instant })
  .meta({ id: 'ContactDocument' });

/** A disbursement's receipts share the contact documents' shape (same files store, same limits). */
export const disbursementReceiptsSchema = z.object({ receipts: z.array(contactDocumentSchema) });
export type DisbursementReceipts = z.infer<typeof disbursementReceiptsSchema>;

export const contactDetailSchema = contactSummarySchema
  .extend({
    documentKeys: z.array(text),
    documents: z.array(contactDocumentSchema),
    phoneNumbers: z.array(z.object({ id: text, phoneNumber: text, phoneType: text, isPrimary: z.boolean(), extension: nullableText, notes: nullableText })),
    emailAddresses: z.array(z.object({ id: text, emailAddress: text, emailType: text, isPrimary: z.boolean(), notes: nullableText })),
    addresses: z.array(
      z.object({
        id: text,
        addressType: text,
        isPrimary: z.boolean(),
        streetAddress1: text,
        streetAddress2: nullableText,
        city: text,
        stateProvince: text,
        postalCode: text,
        country: text,
        notes: nullableText,
      }),
    ),
    associations: z.array(
      z.object({
        id: text,
        associatedContactId: text,
        relationshipType: text,
        relationshipDescription: nullableText,
        associatedContact: z.object({
          id: text,
          firstName: nullableText,
          lastName: nullableText,
          organization: nullableText,
          primaryEmail: nullableText,
        }),
      }),
    ),
    education: z.array(
      z.object({
        id: text,
        institutionName: text,
        degreeType: nullableText,
        degreeName: nullableText,
        fieldOfStudy: nullableText,
        graduationYear: z.number().nullable(),
        gpa: z.number().nullable(),
        honors: nullableText,
        isCurrent: z.boolean(),
        notes: nullableText,
      }),
    ),
    employment: z.array(
      z.object({
        id: text,
        companyName: text,
        jobTitle: nullableText,
        department: nullableText,
        employmentType: nullableText,
        startDate: calendarDate,
        endDate: calendarDate,
        isCurrent: z.boolean(),
        salaryRange: nullableText,
        description: nullableText,
      }),
    ),
    notes: z.array(
      z.object({
        id: text,
        subject: nullableText,
        content: text,
        noteType: text,
        isPrivate: z.boolean(),
        createdAt: instant,
        updatedAt: instant,
        creator: z.object({ id: text, firstName: text, lastName: text }).nullable(),
      }),
    ),
  })
  .meta({ id: 'ContactDetail' });

export const contactDetailResponseSchema = z.object({ contact: contactDetailSchema });
export const contactWithImagesResponseSchema = z.object({
  contact: contactDetailSchema.extend({
    profileImageUrl: nullableText.meta({ description: 'Signed, expiring URL; null without a profile image' }),
    signedImageUrls: z.record(z.string(), z.string()).meta({ description: 'Signed, expiring URLs of image documents, by key' }),
  }),
});

// ---- contact lists ----

const ruleLogic = z
  .enum(['and', 'or'])
  .optional()
  .meta({ description: 'Joins the rule to the one before it (absent on the first); AND binds tighter than OR' });
const ruleOperator = z.enum(Object.keys(OPERATOR_LABELS) as [RuleOperator, ...RuleOperator[]]);

// Recursive: a rule is a condition or a group of rules (groups nest up to three levels).
export const listRuleSchema: z.ZodType<ListRule> = z.lazy(() =>
  z.union([
    z.object({ field: text, operator: ruleOperator, value: z.unknown(), logic: ruleLogic }),
    z.object({ logic: ruleLogic, rules: z.array(listRuleSchema) }),
  ]),
) as unknown as z.ZodType<ListRule>;

export const contactListSummarySchema = z
  .object({
    id: text,
    name: text,
    description: nullableText,
    type: z.enum(LIST_TYPE_VALUES),
    tags: z.array(text),
    rules: z.array(listRuleSchema),
    memberCount: z.number(),
    isActive: z.boolean(),
    rulesAppliedAt: instant,
    createdAt: instant,
    updatedAt: instant,
    creator: personName.nullable(),
  })
  .meta({ id: 'ContactListSummary' });

export const contactListsResponseSchema = z.object({ lists: z.array(contactListSummarySchema), total: z.number() });
export const contactListDetailResponseSchema = z.object({ list: contactListSummarySchema });

export const listContactSchema = z
  .object({
    id: text,
    firstName: nullableText,
    lastName: nullableText,
    organization: nullableText,
    primaryEmail: nullableText,
    city: nullableText,
    state: nullableText,
    status: z.enum(CONTACT_STATUS_VALUES),
    totalDonated: z.number(),
  })
  .meta({ id: 'ListContact' });
const membershipSchema = z.object({ source: z.enum(MEMBER_SOURCE_VALUES), addedAt: instant, notes: nullableText });

export const listMembersResponseSchema = z.object({ contacts: z.array(listContactSchema.extend(membershipSchema.shape)), total: z.number() });
export const availableContactsResponseSchema = z.object({ contacts: z.array(listContactSchema) });
export const listStatsResponseSchema = z.object({
  stats: z.object({ totalMembers: z.number(), manualMembers: z.number(), smartRuleMembers: z.number(), importedMembers: z.number() }),
});
export const applyRulesResponseSchema = z.object({ memberCount: z.number(), added: z.number(), removed: z.number() });
export const listPreviewResponseSchema = z.object({ count: z.number(), sample: z.array(listContactSchema) });
export const listSettingsResponseSchema = z.object({ settings: z.object({ majorGiftThreshold: z.number() }) });
export const addedMembersSchema = z.object({ added: z.number() });
export const removedMembersSchema = z.object({ removed: z.number() });

const ruleExplanationSchema: z.ZodType<RuleExplanation> = z.lazy(() =>
  z.union([
    z.object({
      kind: z.literal('rule'),
      field: text,
      label: text,
      type: z.enum(RULE_FIELD_TYPES),
      operator: ruleOperator,
      value: z.unknown(),
      logic: ruleLogic,
      contactValue: z.unknown(),
      matched: z.boolean(),
    }),
    z.object({ kind: z.literal('group'), logic: ruleLogic, matched: z.boolean(), rules: z.array(ruleExplanationSchema) }),
  ]),
) as unknown as z.ZodType<RuleExplanation>;

export const membershipWhyResponseSchema = z.object({
  contact: listContactSchema,
  membership: membershipSchema.nullable(),
  matchesRules: z.boolean().nullable(),
  rules: z.array(ruleExplanationSchema),
});

// ---- campaigns ----

export const campaignSchema = z
  .object({
    id: text,
    name: text,
    slug: text,
    description: nullableText,
    campaignType: text,
    status: z.enum(CAMPAIGN_STATUS_VALUES),
    committeeId: nullableText,
    donationAccountId: nullableText,
    committee: idName.nullable(),
    donationAccount: idName.nullable(),
    fundraisingGoal: z.number(),
    contactGoal: z.number(),
    volunteerGoal: z.number(),
    startDate: calendarDate,
    endDate: calendarDate,
    allowPublicDonations: z.boolean(),
    donationMinimum: z.number(),
    donationMaximum: z.number(),
    suggestedAmounts: z.array(z.number()),
    amountRaised: z.number(),
    donationCount: z.number(),
    contactsReached: z.number(),
    volunteersRecruited: z.number(),
    isActive: z.boolean(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Campaign' });

export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) });
export const campaignDetailResponseSchema = z.object({ campaign: campaignSchema });
export const committeesResponseSchema = z.object({ committees: z.array(z.object({ id: text, name: text, committeeType: text })) });
export const donationAccountsResponseSchema = z.object({
  donationAccounts: z.array(z.object({ id: text, name: text, accountType: text })),
});

// ---- events ----

const dayOrInstant = z.string().nullable().meta({ description: 'Calendar date YYYY-MM-DD when allDay, else an ISO 8601 instant in UTC' });

export const caucusEventSchema = z
  .object({
    id: text,
    name: text,
    slug: nullableText,
    description: nullableText,
    eventType: text,
    status: z.enum(EVENT_STATUS_VALUES),
    campaignId: nullableText,
    campaign: idName.nullable(),
    startDate: dayOrInstant,
    endDate: dayOrInstant,
    allDay: z.boolean().meta({ description: 'True when the dates are calendar days (YYYY-MM-DD), the same in every time zone' }),
    location: nullableText,
    virtualUrl: nullableText,
    isVirtual: z.boolean(),
    isPublic: z.boolean(),
    maxAttendees: z.number(),
    fundraisingGoal: z.number(),
    ticketPrice: z.number(),
    allowDonations: z.boolean(),
    requiresRsvp: z.boolean(),
    currentAttendees: z.number(),
    amountRaised: z.number(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Event' });

export const eventsResponseSchema = z.object({ events: z.array(caucusEventSchema) });
export const eventDetailResponseSchema = z.object({ event: caucusEventSchema });

// ---- dashboard ----

export const dashboardOverviewSchema = z.object({
  campaigns: z.object({
    totalCampaigns: z.number(),
    activeCampaigns: z.number(),
    totalRaised: z.number(),
    totalGoal: z.number(),
    averageProgress: z.number().meta({ description: "Mean of each campaign's progress toward its goal (capped at 100), campaigns with a goal only" }),
  }),
  contacts: z.object({ totalContacts: z.number(), activeContacts: z.number(), totalDonated: z.number() }),
  summary: z.object({
    totalCampaigns: z.number(),
    totalContacts: z.number(),
    totalRaised: z.number(),
    goalProgress: z.number().meta({ description: 'totalRaised / totalGoal in percent (not capped: a campaign may raise more than its goal)' }),
  }),
});

// ---- financials ----

export const pledgeSchema = z
  .object({
    id: text,
    contactId: text,
    pledgeAmount: z.number(),
    frequency: text,
    pledgeDate: calendarDate,
    dueDate: calendarDate,
    campaignId: nullableText,
    campaign: idName.nullable(),
    notes: nullableText,
    paymentMethod: nullableText,
    isAnonymous: z.boolean(),
    solicitorId: nullableText,
    status: z.enum(PLEDGE_STATUS_VALUES),
    amountFulfilled: z.number(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Pledge' });

export const donationSchema = z
  .object({
    id: text,
    contactId: nullableText,
    donationAmount: z.number(),
    paymentMethod: text,
    status: z.enum(DONATION_STATUS_VALUES),
    donationDate: calendarDate,
    processedDate: calendarDate,
    campaignId: nullableText,
    campaign: idName.nullable(),
    pledgeId: nullableText,
    pledge: z.object({ id: text, pledgeAmount: z.number(), amountFulfilled: z.number(), status: z.enum(PLEDGE_STATUS_VALUES) }).nullable(),
    checkNumber: nullableText,
    transactionId: nullableText,
    referenceNumber: nullableText,
    notes: nullableText,
    isAnonymous: z.boolean(),
    isRecurring: z.boolean(),
    solicitorId: nullableText,
    taxDeductibleAmount: z.number().nullable(),
    netAmount: z.number().nullable(),
    inKindDescription: nullableText,
    fairMarketValue: z.number().nullable(),
    electionCode: nullableText.meta({ description: "The election the gift is designated to, null when its campaign's committee has none" }),
    excessAmount: z.number().nullable().meta({ description: "What takes the contributor past the election's limit; null when within it" }),
    remedyDeadline: calendarDate.meta({
      description: 'Calendar date YYYY-MM-DD by when the excess must be refunded, redesignated or reattributed (60 days after receipt)',
    }),
    remedyAction: z
      .enum(['refund', 'redesignate', 'reattribute'])
      .nullable()
      .meta({ description: 'Set on the row a remedy made from the excess of another gift' }),
    remedyOfId: nullableText,
    needsReview: z.boolean().meta({ description: 'Entered by a Staff user and not yet reviewed by a treasurer' }),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Donation' });

export const financialSummarySchema = z.object({
  pledges: z.object({ total: z.number(), totalAmount: z.number(), totalFulfilled: z.number() }),
  donations: z.object({
    completed: z.number(),
    totalAmount: z.number(),
    averageAmount: z.number(),
    lastDonationDate: calendarDate,
    lastDonationAmount: z.number().nullable(),
    largestDonationAmount: z.number().nullable(),
    largestDonationDate: calendarDate.meta({ description: 'Calendar date YYYY-MM-DD of the largest gift (the earliest, when several share the amount)' }),
    thisYear: z.object({
      year: z.number().int().meta({ description: "Current calendar year in the account's timezone" }),
      completed: z.number(),
      totalAmount: z.number(),
    }),
  }),
});
export const pledgesResponseSchema = z.object({ pledges: z.array(pledgeSchema) });
export const pledgeResponseSchema = z.object({ pledge: pledgeSchema });
export const donationsResponseSchema = z.object({ donations: z.array(donationSchema) });
export const donationResponseSchema = z.object({ donation: donationSchema });

// ---- data import ----

export const importRecordSchema = z.object({
  id: text,
  fileName: text,
  importType: z.enum(IMPORT_TYPE_VALUES),
  status: z.enum(IMPORT_STATUS_VALUES),
  campaignId: nullableText,
  campaignName: nullableText,
  recordsTotal: z.number(),
  recordsImported: z.number(),
  recordsSkipped: z.number(),
  contactsCreated: z.number().meta({ description: 'New contacts the import made' }),
  contactsUpdated: z.number().meta({ description: 'Existing contacts whose empty fields it filled' }),
  progress: z.number().meta({ description: 'Rows done (imported + skipped) of recordsTotal, 0-100' }),
  receiving: z.boolean().meta({ description: 'Further batches of the file are still being sent' }),
  errors: z.array(text).meta({ description: "The first errors (up to 20, the import's own failure reason first)" }),
  errorCount: z.number().meta({ description: 'How many errors there are in all, for "+N more errors"' }),
  createdAt: instant,
  completedAt: instant,
  undoneAt: instant,
  undo: z
    .object({
      status: z.enum(['running', 'failed', 'done']),
      done: z.number().meta({ description: 'Gifts (donations and pledges) removed so far' }),
      total: z.number().meta({ description: 'Gifts the import made when the undo started' }),
      removed: z.object({ donations: z.number(), pledges: z.number(), notes: z.number(), contacts: z.number(), associations: z.number() }),
      restoredContacts: z.number(),
    })
    .nullable()
    .meta({ description: 'The undo, a job: running with its progress, failed (Undo again continues), or done with what it removed; null when never undone' }),
  createdBy: personName.nullable(),
});

export const importHistoryResponseSchema = z.object({
  imports: z.array(importRecordSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
});

export const importStartResponseSchema = z.object({ message: text, importId: text, recordsToProcess: z.number() });
export const importSkippedResponseSchema = z.object({
  headers: z.array(text),
  mapping: z.record(z.string(), text).meta({ description: "The import's mapping: header -> target field" }),
  rows: z.array(
    z.object({
      rowNumber: z.number().meta({ description: 'The row in the file (1 = the first data row)' }),
      cells: z.record(z.string(), text).meta({ description: "The row's cells keyed by the file's headers" }),
      reason: text,
      source: z
        .enum(['review', 'server'])
        .meta({ description: "review: skipped in the browser's review, never sent to be imported; server: skipped by the import" }),
    }),
  ),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
});
export const importRecordResponseSchema = z.object({ import: importRecordSchema });
export const importUndoResponseSchema = z.object({ import: importRecordSchema });

// ---- small answers ----

export const analyticsAcceptedSchema = z.object({ accepted: z.number() });
export const contactFormResponseSchema = z.object({ success: z.literal(true), message: text });

// ---- global search ----

export const globalSearchResponseSchema = z
  .object({
    contacts: z.array(z.object({ id: text, name: text, email: nullableText, organization: nullableText })),
    contactsTotal: z.number().meta({ description: 'Contacts matching, exact unless moreContactsThanTotal (counting stops past 1,000)' }),
    moreContactsThanTotal: z.boolean(),
    campaigns: z.array(z.object({ id: text, name: text, status: text })),
    events: z.array(z.object({ id: text, name: text, startDate: dayOrInstant, allDay: z.boolean(), location: nullableText })),
    lists: z.array(z.object({ id: text, name: text, type: text, memberCount: z.number() })),
  })
  .meta({ id: 'GlobalSearch' });

// ---- a campaign's own page ----

export const campaignTotalsResponseSchema = z.object({
  interval: z.enum(CAMPAIGN_TOTALS_INTERVALS),
  points: z.array(
    z.object({
      periodStart: text.meta({ description: 'Calendar date YYYY-MM-DD: the 1st of the month or the Monday of the week' }),
      raised: z.number(),
      donationCount: z.number(),
      cumulativeRaised: z.number(),
    }),
  ),
  totalRaised: z.number(),
  donationCount: z.number(),
});

export const campaignDonorsResponseSchema = z.object({
  donors: z.array(
    z.object({
      contactId: text,
      firstName: text,
      lastName: text,
      email: nullableText,
      totalGiven: z.number(),
      donationCount: z.number(),
      lastDonationDate: calendarDate,
    }),
  ),
  total: z.number(),
});

export const campaignDonationsResponseSchema = z.object({
  donations: z.array(
    z.object({
      id: text,
      contact: z.object({ id: text, firstName: text, lastName: text }).nullable(),
      donationAmount: z.number(),
      donationDate: calendarDate,
      paymentMethod: text,
      status: text,
      isAnonymous: z.boolean(),
    }),
  ),
  total: z.number(),
});

// ---- getting started ----

export const gettingStartedSchema = z.object({
  isNewAccount: z.boolean().meta({
    description:
      "True until the account has a campaign, a contact and a list: the home then greets with 'Welcome' and shows the checklist; afterwards with 'Welcome back' and without it",
  }),
  steps: z.array(z.object({ id: z.enum(GETTING_STARTED_STEPS), done: z.boolean() })),
});
