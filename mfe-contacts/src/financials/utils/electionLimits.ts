import type { ElectionLimit } from '@caucus/contract';
import { formatDay, formatUsd } from '@caucus/platform';

// The donation modal's election designation and limit check (docs/product/compliance.md). The server decides and
// flags; these only preview, in whole cents so that $3,500.00 is exactly at the limit, not past it.

const ELECTION_KINDS: Record<string, string> = {
  P: 'Primary',
  G: 'General',
  R: 'Runoff',
  S: 'Special',
  C: 'Convention',
  O: 'Other',
};

/** 'P2026 · Primary · Jun 9, 2026' */
export function electionLabel(election: Pick<ElectionLimit, 'electionCode' | 'electionDate'>): string {
  const kind = ELECTION_KINDS[election.electionCode.charAt(0)];
  return [election.electionCode, kind, formatDay(election.electionDate)].filter(Boolean).join(' · ');
}

const cents = (amount: number): number => Math.round(amount * 100);

/** The gift as the form holds it: what is typed, and what the gift counted before this edit. */
export type GiftPreview = {
  /** The amount field's text. */
  amount: string;
  status: string;
  /**
   * How much of the election's aggregate is this very gift already (editing a completed gift
   * designated to the same election of the same committee); 0 for a new gift.
   */
  alreadyCounted: number;
};

export type LimitPreview = {
  /** The contributor's aggregate for the election without this gift. */
  aggregateBefore: number;
  /** With this gift, when it counts (completed) and its amount reads as money. */
  aggregateAfter: number;
  limit: number;
  /** What the gift takes the contributor past the limit; 0 within it. */
  excess: number;
};

/**
 * The contributor's aggregate for the election before and after the gift. Only completed gifts
 * count toward a limit (as on the server), so a pending or failed one previews no change.
 */
export function previewLimit(election: ElectionLimit, gift: GiftPreview): LimitPreview {
  const before = Math.max(0, cents(election.aggregate) - cents(gift.alreadyCounted));
  const typed = Number(gift.amount.trim());
  const counts = gift.status === 'completed' && gift.amount.trim() !== '' && Number.isFinite(typed) && typed > 0;
  const after = before + (counts ? cents(typed) : 0);
  const limit = cents(election.limit);
  return {
    aggregateBefore: before / 100,
    aggregateAfter: after / 100,
    limit: limit / 100,
    excess: Math.max(0, after - Math.max(limit, before)) / 100,
  };
}

/** The form's gift and where it stood when the form opened: what the designation's preview needs. */
export type DesignatedGift = {
  electionCode: string | null | undefined;
  /** The amount field's text. */
  amount: string | number | null | undefined;
  status: string | null | undefined;
  /** The committee of the campaign now chosen. */
  committeeId: string;
  /** The gift being edited, null for a new one. */
  donation: { status?: string | null; electionCode?: string | null; donationAmount: number } | null;
  /** The committee the edited gift counted toward when the form opened. */
  originalCommitteeId: string | null;
};

/** The chosen election and the contributor's aggregate before and after the gift; null before an election is chosen. */
export function designationPreview(elections: ElectionLimit[], gift: DesignatedGift): { election: ElectionLimit; preview: LimitPreview } | null {
  const election = elections.find((e) => e.electionCode === gift.electionCode);
  if (!election) return null;
  const { donation } = gift;
  // An edited completed gift of the same election and committee is already in the aggregate.
  const counted =
    donation && donation.status === 'completed' && gift.originalCommitteeId === gift.committeeId && donation.electionCode === gift.electionCode
      ? donation.donationAmount
      : 0;
  const amount = gift.amount === null || gift.amount === undefined ? '' : String(gift.amount);
  return { election, preview: previewLimit(election, { amount, status: gift.status ?? '', alreadyCounted: counted }) };
}

/**
 * Said before the gift is saved, like the form's other values to check: the server still records a
 * gift past the limit (money received is recorded, then remedied), so this asks, never blocks.
 */
export function overLimitWarning(election: Pick<ElectionLimit, 'electionCode'>, preview: LimitPreview): string | null {
  if (preview.excess <= 0) return null;
  return `Donation amount takes the contributor's aggregate for ${election.electionCode} to ${formatUsd(preview.aggregateAfter)}, past the ${formatUsd(
    preview.limit,
  )} limit by ${formatUsd(preview.excess)}`;
}
