export function humanise(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ') : value;
}

const TYPE_ICONS: Record<string, string> = {
  contacts: '☺',
  associates: '⇄',
  donations: '$',
  pledges: '✎',
};

export function importTypeIcon(type: string): string {
  return TYPE_ICONS[type] ?? '▤';
}

export function statusTone(status: string): 'success' | 'danger' | 'info' | 'neutral' {
  if (status === 'completed') return 'success';
  if (status === 'failed') return 'danger';
  if (status === 'processing') return 'info';
  return 'neutral';
}

/**
 * The first two errors, then '+N more errors' (of all the import's errors): docs/product/imports.md,
 * History.
 */
export function visibleErrors(errors: string[] | null | undefined, total?: number): { shown: string[]; more: number } {
  const list = errors ?? [];
  return { shown: list.slice(0, 2), more: Math.max(0, (total ?? list.length) - 2) };
}

/** '1,250' */
export const countText = (n: number) => n.toLocaleString('en-US');
/** '1 row', '1,250 rows' */
export const rowsText = (n: number) => `${countText(n)} ${n === 1 ? 'row' : 'rows'}`;
