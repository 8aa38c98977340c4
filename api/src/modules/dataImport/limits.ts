import type { Knex } from 'knex';
import { mapImportRow, validateImportRow, type ImportLimitWarning, type ImportRowValues } from '@caucus/contract';
import { accountLimitRows, aggregateCents, designate, limitCents } from '../compliance/designation';
import { effectiveLimitTable, fromCents, limitCentsFor } from '../compliance/limitEngine';
import { findMatchingContacts, matchKeyOf } from '../matching';

// The import review's contribution limit check: each gift of the file added to its contributor's
// aggregate for the election it would be designated to (what is recorded already, then the earlier
// rows of the file), and a warning for every row that takes it past the limit, before anything is
// imported. The same designation and aggregate rules as GET /api/compliance/aggregate.

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function previewLimitWarnings(
  db: Knex,
  accountId: string,
  input: { campaignId: string; headers: string[]; mapping: Record<string, string>; rows: Record<string, unknown>[]; rowNumbers: number[] },
): Promise<ImportLimitWarning[]> {
  const today = new Date().toISOString().slice(0, 10);
  const gifts = input.rows
    .map((row, i) => ({ rowNumber: input.rowNumbers[i], ...validateImportRow(mapImportRow(row, input.mapping), today) }))
    .filter((r) => r.errors.length === 0 && r.values.donation);
  const matched = await findMatchingContacts(
    db,
    accountId,
    gifts.map((g) => g.values),
  );
  const keyOf = (values: ImportRowValues) =>
    matchKeyOf({ email: values.email, firstName: values.firstName, lastName: values.lastName, zipCode: values.zipCode });
  // Running totals per contributor and election: recorded aggregate first, then each row in file order.
  const running = new Map<string, number>();
  const limits = new Map<string, number>();
  const warnings: ImportLimitWarning[] = [];
  for (const gift of gifts) {
    const donation = gift.values.donation!;
    const key = keyOf(gift.values);
    const contactId = donation.contactId ?? gift.values.contactId ?? (key ? (matched.get(key)?.id ?? null) : null);
    const person = contactId ?? key;
    if (!person) continue;
    let designation: { committeeId: string | null; electionCode: string | null };
    try {
      designation = await designate(db, accountId, input.campaignId, donation.date ?? today, donation.electionCode);
    } catch {
      // An election the committee does not have is the row's own error at import.
      continue;
    }
    if (!designation.committeeId || !designation.electionCode) continue;
    const runKey = `${person}|${designation.committeeId}|${designation.electionCode}`;
    if (!running.has(runKey)) {
      running.set(
        runKey,
        contactId ? await aggregateCents(db, accountId, { contactId, committeeId: designation.committeeId, electionCode: designation.electionCode }) : 0,
      );
      // A contributor the import will create is an individual until someone says otherwise.
      limits.set(
        runKey,
        contactId
          ? await limitCents(db, accountId, contactId, designation.electionCode)
          : limitCentsFor(effectiveLimitTable(await accountLimitRows(db, accountId)), designation.electionCode, 'individual'),
      );
    }
    const before = running.get(runKey)!;
    const limit = limits.get(runKey)!;
    const after = before + Math.round(donation.amount * 100);
    running.set(runKey, after);
    if (after > limit) {
      const name =
        [gift.values.firstName, gift.values.lastName].filter(Boolean).join(' ') || gift.values.organization || gift.values.email || 'The contributor';
      warnings.push({
        rowNumber: gift.rowNumber,
        contactId,
        contributor: name,
        electionCode: designation.electionCode,
        aggregate: fromCents(before),
        after: fromCents(after),
        limit: fromCents(limit),
        message: `Row ${gift.rowNumber}: ${name} reaches ${money(after)} for ${designation.electionCode}, past the ${money(limit)} limit by ${money(after - limit)}`,
      });
    }
  }
  return warnings;
}
