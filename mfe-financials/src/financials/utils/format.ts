/** Today's calendar date in the browser's zone, for the defaults of date fields. */
export function todayDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const DISBURSEMENT_KIND_LABELS: Record<string, string> = {
  operating: 'Operating expenditure',
  refund: 'Contribution refund',
  other: 'Other disbursement',
};
