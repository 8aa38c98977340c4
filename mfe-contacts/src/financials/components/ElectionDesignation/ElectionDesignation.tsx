import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormSelect } from '@caucus/design-system/form';
import { useQuery, formatUsd } from '@caucus/platform';
import { REMEDY_DAYS, defaultElectionCode } from '@caucus/contract';
import { fetchContributionLimits, financialsKeys, type Donation } from '../../api/financialsApi';
import { designationPreview, electionLabel } from '../../utils/electionLimits';
import type { DonationFormValues } from '../../utils/financialForms';
import shared from '../Financials.module.css';
import styles from './ElectionDesignation.module.css';

export type ElectionDesignationProps = {
  contactId: string;
  /** The committee of the chosen campaign. */
  committeeId: string;
  /** The gift being edited, null for a new one. */
  donation: Donation | null;
  /** The committee the edited gift counted toward when it was opened (its campaign's). */
  originalCommitteeId: string | null;
};

/**
 * The donation form's election designation (docs/product/compliance.md) and the contributor's aggregate for that
 * election. A gift past the limit is still saved (money received is recorded, then remedied): the
 * form asks to confirm it first (DonationModal), never refuses it. Lives inside the donation Form: reads and sets its fields.
 */
export function ElectionDesignation({ contactId, committeeId, donation, originalCommitteeId }: ElectionDesignationProps) {
  const form = useFormContext<DonationFormValues>();
  const [electionCode, donationDate, amount, status] = form.watch(['electionCode', 'donationDate', 'donationAmount', 'status']);
  // An election the user picked (or the edited gift already has) stays while it is one of the committee's.
  const picked = useRef(Boolean(donation?.electionCode));

  const limits = useQuery({
    queryKey: financialsKeys.limits(contactId, committeeId),
    queryFn: ({ signal }) => fetchContributionLimits(contactId, committeeId, signal),
    // The aggregate must be the one as of now, not when the modal was last opened.
    staleTime: 0,
  });
  const elections = limits.data?.elections;

  useEffect(() => {
    if (!elections) return;
    const current = form.getValues('electionCode');
    if (picked.current && elections.some((e) => e.electionCode === current)) return;
    // The API's rule: the first election on or after the gift's date.
    const next =
      defaultElectionCode(
        elections.map((e) => ({ code: e.electionCode, date: e.electionDate })),
        donationDate,
      ) ?? '';
    if (next !== current) form.setValue('electionCode', next);
  }, [elections, donationDate, form]);

  if (limits.isPending) {
    return (
      <p className={`${shared.full} ${styles.limits} ${styles.muted}`} role="status">
        Loading the committee&apos;s elections and the contributor&apos;s aggregate...
      </p>
    );
  }
  if (limits.isError) {
    return (
      <p className={`${shared.full} ${styles.limits}`} role="status">
        The contributor&apos;s aggregate for this committee could not be loaded; the gift is still checked against the limit when it is saved.
      </p>
    );
  }
  if (limits.data.elections.length === 0) {
    return (
      <p className={`${shared.full} ${styles.limits} ${styles.muted}`} role="status">
        The campaign&apos;s committee has no elections yet, so this gift has no election designation. Add them on the campaign&apos;s Committees &amp; Accounts
        tab.
      </p>
    );
  }

  const designated = designationPreview(limits.data.elections, { electionCode, amount, status, committeeId, donation, originalCommitteeId });
  const selected = designated?.election;
  const preview = designated?.preview;

  return (
    <>
      <FormSelect<DonationFormValues>
        name="electionCode"
        label="Election Designation"
        placeholder="Select an election"
        options={limits.data.elections.map((e) => ({ value: e.electionCode, label: electionLabel(e) }))}
        hint="By default the committee's next election on or after the donation date"
        onValueChange={() => {
          picked.current = true;
        }}
      />
      <div className={`${shared.full} ${styles.limits}`} role="status" aria-label="Contribution limit">
        {selected && preview ? (
          <>
            <p>
              Contributor&apos;s aggregate for {selected.electionCode}: <strong>{formatUsd(preview.aggregateBefore)}</strong> of the {formatUsd(preview.limit)}{' '}
              limit
              {preview.aggregateAfter !== preview.aggregateBefore ? <>, {formatUsd(preview.aggregateAfter)} with this gift</> : null}.
            </p>
            {preview.excess > 0 ? (
              <p className={styles.warning}>
                <strong>Over the limit:</strong> this gift exceeds the contributor&apos;s {formatUsd(preview.limit)} limit for {selected.electionCode} by{' '}
                {formatUsd(preview.excess)}. It is saved once you confirm it, then flagged as an excessive contribution to refund, redesignate or reattribute
                within {REMEDY_DAYS} days of receipt.
              </p>
            ) : null}
          </>
        ) : (
          <p className={styles.muted}>Select an election to see the contributor&apos;s aggregate for it.</p>
        )}
      </div>
    </>
  );
}
