/** A 0..1 ratio as a whole percent; a dash when there is nothing to measure yet. */
export function formatRate(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined ? '—' : `${Math.round(ratio * 100)}%`;
}

export function formatPerHour(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}/h`;
}
