// How this module prints money in its messages (dollars and cents from whole cents), and reads a text
// column left blank as absent. The API prints its own money (docs/adr/0019-one-formatting-module.md).

export const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A blank or missing text value as null. */
export const textOrNull = (value: string | null | undefined): string | null => (value === null || value === undefined || value === '' ? null : value);
