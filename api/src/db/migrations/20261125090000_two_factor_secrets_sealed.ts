import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { isMysql } from './schema';

type Row = { id: string; secret: string | null; pending: string | null };

// Two-factor secrets encrypted at rest: a copy of the database (a backup, a replica, a
// leaked dump) no longer gives anyone the codes. A sealed value ("v1.<key id>.<iv>.<tag>.<data>",
// about 100 characters) outgrows the 64 of the first migration. The secrets already stored are
// sealed here with TOTP_ENCRYPTION_KEY (or the development key when unset); a row this misses is
// sealed the first time it is read.
/**
 * AES-256-GCM under TOTP_ENCRYPTION_KEY as modules/auth/secretBox.ts sealed when this migration was
 * written ("v1.<key id>.<iv>.<tag>.<ciphertext>", base64url parts), frozen here: the app reads this
 * format, and may seal differently later without changing what this migration did.
 */
function sealWith(keyMaterial: string): (plain: string) => string {
  const bytes = createHash('sha256').update(`caucus-totp:${keyMaterial}`, 'utf8').digest();
  const keyId = createHash('sha256').update(`caucus-totp-id:${keyMaterial}`, 'utf8').digest('hex').slice(0, 8);
  return (plain) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', bytes, iv);
    cipher.setAAD(Buffer.from(`v1.${keyId}`, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  };
}

export async function up(knex: Knex): Promise<void> {
  // SQLite does not enforce a VARCHAR's length, and altering a column there rebuilds the table.
  if (isMysql(knex)) {
    await knex.schema.alterTable('users', (t) => {
      t.string('two_factor_secret', 255).nullable().alter();
      t.string('two_factor_pending_secret', 255).nullable().alter();
    });
  }
  // The development key of modules/auth/secretBox.ts when none is set.
  const seal = sealWith(process.env.TOTP_ENCRYPTION_KEY?.trim() || 'caucus-development-totp-key-not-secret');
  const rows: Row[] = await knex('users')
    .where((q) => q.whereNotNull('two_factor_secret').orWhereNotNull('two_factor_pending_secret'))
    .select('id', 'two_factor_secret as secret', 'two_factor_pending_secret as pending');
  const sealed = (value: string | null) => (value && !value.startsWith('v1.') ? seal(value) : value);
  for (const row of rows) {
    await knex('users')
      .where('id', row.id)
      .update({ two_factor_secret: sealed(row.secret), two_factor_pending_secret: sealed(row.pending) });
  }
}

// Not reversed: putting the secrets back in plain text would undo the point, and 255 holds 64.
export async function down(): Promise<void> {}
