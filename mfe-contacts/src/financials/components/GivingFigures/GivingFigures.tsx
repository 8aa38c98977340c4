import type { FinancialSummary } from '../../api/financialsApi';
import { formatDay, formatUsd } from '@caucus/platform';
import styles from './GivingFigures.module.css';

export type GivingFiguresProps = {
  /** The contact's donations as the summary counts them (completed gifts only). */
  donations: FinancialSummary['donations'];
};

export const NO_GIFTS_YET = 'No gifts yet';
/** What a figure shows when there is no gift behind it: never an invented $0.00. */
export const NO_FIGURE = '—';

const gifts = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'gift' : 'gifts'}`;

/** Lifetime, this year, last gift and largest gift of one donor. */
export function GivingFigures({ donations }: GivingFiguresProps) {
  const hasGifts = donations.completed > 0;
  // This remote deploys apart from the API: an API older than these figures leaves them out, and a
  // figure the server did not give shows as none rather than failing the whole contact page.
  const thisYear = donations.thisYear ?? null;
  const known = (value: number | null | undefined): value is number => typeof value === 'number';
  const figures = [
    { label: 'Lifetime', value: hasGifts ? formatUsd(donations.totalAmount) : NO_FIGURE, detail: hasGifts ? gifts(donations.completed) : null },
    {
      label: thisYear ? `This year (${thisYear.year})` : 'This year',
      // With gifts in other years, $0.00 this year is a true figure.
      value: hasGifts && thisYear ? formatUsd(thisYear.totalAmount) : NO_FIGURE,
      detail: hasGifts && thisYear ? gifts(thisYear.completed) : null,
    },
    {
      label: 'Last gift',
      value: hasGifts && known(donations.lastDonationAmount) ? formatUsd(donations.lastDonationAmount) : NO_FIGURE,
      detail: hasGifts ? formatDay(donations.lastDonationDate) || null : null,
    },
    {
      label: 'Largest gift',
      value: hasGifts && known(donations.largestDonationAmount) ? formatUsd(donations.largestDonationAmount) : NO_FIGURE,
      detail: hasGifts ? formatDay(donations.largestDonationDate) || null : null,
    },
  ];
  return (
    <div className={styles.giving}>
      {hasGifts ? null : <p className={styles.empty}>{NO_GIFTS_YET}</p>}
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.label} className={styles.figure}>
            <dt>{figure.label}</dt>
            <dd>
              <span className={styles.value}>{figure.value}</span>
              {figure.detail ? <span className={styles.detail}>{figure.detail}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>Completed donations only: pending, failed and refunded gifts are listed but not counted.</p>
    </div>
  );
}
