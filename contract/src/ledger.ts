// Types of the ledger's routes (money history, archive, reconciliation), shared with the frontends.
import { z } from 'zod';
import type {
  contactArchiveResponseSchema,
  giftReviewResponseSchema,
  giftsToReviewResponseSchema,
  moneyHistoryResponseSchema,
  reconcileResponseSchema,
} from './ledger.responses';

export const CONTRIBUTOR_REQUIRED = 'Choose the contact who gave this donation';

/** Body of PUT /api/contacts/donations/:donationId/contributor: the gift moves to this contact. */
export const donationContributorInputSchema = z.object({
  contactId: z.string({ error: CONTRIBUTOR_REQUIRED }).trim().min(1, CONTRIBUTOR_REQUIRED).max(36, CONTRIBUTOR_REQUIRED),
});
export type DonationContributorInput = z.input<typeof donationContributorInputSchema>;

/** data of GET /api/contacts/:id/financial-history and GET /api/contacts/donations/:donationId/history */
export type MoneyHistoryResponse = z.output<typeof moneyHistoryResponseSchema>;
/** One entry of the trace of money: who changed which gift, when, from which session, before and after. */
export type MoneyHistoryEntry = MoneyHistoryResponse['entries'][number];

/** data of GET /api/admin/reconcile */
export type ReconcileResponse = z.output<typeof reconcileResponseSchema>;
/** One derived figure that does not equal what its rows say. */
export type ReconcileDifference = ReconcileResponse['differences'][number];

/** data of POST /api/contacts/:id/archive and /unarchive */
export type ContactArchiveResponse = z.output<typeof contactArchiveResponseSchema>;

/** details of the 409 refusing the delete of a campaign or contact that holds gifts */
export const ARCHIVE_INSTEAD_ACTION = 'archive';

// ---- gifts to review ----
// A gift entered by a Staff user waits for the treasurer's review (docs/adr/0016-roles-and-one-permission-table.md).

export const GIFT_REVIEW_FIELD_LABELS = { donationIds: 'Gifts' } as const;
export const GIFT_REVIEW_IDS_MESSAGE = 'Choose at least one gift to mark reviewed';
/** How many gifts one "Mark reviewed" may clear at once (a page of the queue and more). */
export const GIFT_REVIEW_MAX = 500;

/** Body of POST /api/donations/review: the gifts to mark reviewed. */
export const giftReviewInputSchema = z.object({
  donationIds: z
    .array(
      z
        .string({ error: `${GIFT_REVIEW_FIELD_LABELS.donationIds} must be a list of ids` })
        .max(36, `${GIFT_REVIEW_FIELD_LABELS.donationIds} must be a list of ids`),
      {
        error: GIFT_REVIEW_IDS_MESSAGE,
      },
    )
    .min(1, GIFT_REVIEW_IDS_MESSAGE)
    .max(GIFT_REVIEW_MAX, `${GIFT_REVIEW_FIELD_LABELS.donationIds}: at most ${GIFT_REVIEW_MAX} at once`),
});
export type GiftReviewInput = z.input<typeof giftReviewInputSchema>;

/** data of GET /api/donations/review: the account's gifts waiting for review, oldest first. */
export type GiftsToReviewResponse = z.output<typeof giftsToReviewResponseSchema>;
/** One gift waiting for review, as the queue lists it; recordedBy: who entered it (a Staff member at the time). */
export type GiftToReview = GiftsToReviewResponse['gifts'][number];

/** data of POST /api/donations/review */
export type GiftReviewResponse = z.output<typeof giftReviewResponseSchema>;
