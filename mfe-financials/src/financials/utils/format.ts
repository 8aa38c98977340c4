export const DISBURSEMENT_KIND_LABELS: Record<string, string> = {
  operating: 'Operating expenditure',
  refund: 'Contribution refund',
  other: 'Other disbursement',
};
