import type { CallOrder } from '@caucus/contract';

// The labels of the contract's call orders, kept here so the sessions page loads no zod.
export const ORDER_OPTIONS: { value: CallOrder; label: string }[] = [
  { value: 'largest_giving', label: 'Largest past giving first' },
  { value: 'longest_since_gift', label: 'Last gift longest ago first' },
  { value: 'alphabetical', label: 'Alphabetical (last name)' },
];

export const orderLabel = (order: CallOrder): string => ORDER_OPTIONS.find((o) => o.value === order)?.label ?? order;
