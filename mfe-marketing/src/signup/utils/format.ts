const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole US dollars, e.g. '$200' (plan prices have no cents). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
