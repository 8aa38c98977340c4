/**
 * Header cells trimmed; a blank header becomes 'Column N'; repeats get ' (2)', ' (3)' so every
 * column keeps a key of its own (docs/product/imports.md, File checks).
 */
export function uniqueHeaders(cells: unknown[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = (cell === null || cell === undefined ? '' : String(cell)).replace(/^\uFEFF/, '').trim() || `Column ${index + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** Rows of cells -> objects keyed by the headers; rows with no value at all are dropped. */
export function keyRows(headers: string[], rows: unknown[][]): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const cells of rows) {
    let any = false;
    const row: Record<string, string> = {};
    for (let i = 0; i < headers.length; i++) {
      const value = cells[i];
      const text = value === null || value === undefined ? '' : String(value);
      if (text.trim() !== '') any = true;
      row[headers[i]] = text;
    }
    if (any) out.push(row);
  }
  return out;
}
