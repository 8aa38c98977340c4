// Campaign and dashboard figures are US dollars without decimals (SPEC.md point 9, Currency).
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatWholeUsd(amount: number): string {
  return wholeUsd.format(Number.isFinite(amount) ? amount : 0);
}

export function formatCount(value: number): string {
  return count.format(Number.isFinite(value) ? value : 0);
}
