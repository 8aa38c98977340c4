import type { Knex } from 'knex';
import { createSecretBox } from '../../modules/auth/secretBox';
import { isMysql } from './schema';

type Row = { id: string; secret: string | null; pending: string | null };

// Two-factor secrets encrypted at rest (issue 13): a copy of the database (a backup, a replica, a
// leaked dump) no longer gives anyone the codes. A sealed value ("v1.<key id>.<iv>.<tag>.<data>",
// about 100 characters) outgrows the 64 of the first migration. The secrets already stored are
// sealed here with TOTP_ENCRYPTION_KEY (or the development key when unset); a row this misses is
// sealed the first time it is read.
export async function up(knex: Knex): Promise<void> {
  // SQLite does not enforce a VARCHAR's length, and altering a column there rebuilds the table.
  if (isMysql(knex)) {
    await knex.schema.alterTable('users', (t) => {
      t.string('two_factor_secret', 255).nullable().alter();
      t.string('two_factor_pending_secret', 255).nullable().alter();
    });
  }
  const box = createSecretBox(process.env.TOTP_ENCRYPTION_KEY?.trim() || undefined);
  const rows: Row[] = await knex('users')
    .where((q) => q.whereNotNull('two_factor_secret').orWhereNotNull('two_factor_pending_secret'))
    .select('id', 'two_factor_secret as secret', 'two_factor_pending_secret as pending');
  const sealed = (value: string | null) => (value && !box.isSealed(value) ? box.seal(value) : value);
  for (const row of rows) {
    await knex('users')
      .where('id', row.id)
      .update({ two_factor_secret: sealed(row.secret), two_factor_pending_secret: sealed(row.pending) });
  }
}

// Not reversed: putting the secrets back in plain text would undo the point, and 255 holds 64.
export async function down(): Promise<void> {}
