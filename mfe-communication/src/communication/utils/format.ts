export const CHANNEL_LABELS: Record<string, string> = { email: 'Email', letter: 'Letter' };
export const PURPOSE_OPTIONS = [
  { value: 'acknowledgment', label: 'Thank-you for a gift' },
  { value: 'list', label: 'Email to a list' },
  { value: 'year_end', label: 'Year-end summary' },
];
export const PURPOSE_LABELS: Record<string, string> = Object.fromEntries(PURPOSE_OPTIONS.map((o) => [o.value, o.label]));
export const METHOD_OPTIONS = ['cash', 'check', 'credit_card', 'ach', 'paypal', 'stock', 'in_kind', 'other'].map((value) => ({
  value,
  label: value.replace(/_/g, ' '),
}));
