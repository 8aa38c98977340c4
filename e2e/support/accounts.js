// Accounts of their own for journeys that must not touch the demo account (other journeys sign in
// as demo): an account and its owner written straight into the product's SQLite file, as a finished
// signup leaves them.
const { randomUUID } = require('node:crypto');
const argon2 = require('argon2');
const Database = require('better-sqlite3');

/** Creates an active Growth account owned by a new user; returns { email, password, accountName }. */
async function seedOwner({ prefix, accountName, firstName, lastName }) {
  const user = { email: `${prefix}-${Date.now()}@example.org`, password: `${prefix}-password-123`, accountName };
  const passwordHash = await argon2.hash(user.password, { type: argon2.argon2id });
  const now = Date.now();
  const accountId = randomUUID();
  const userId = randomUUID();
  const db = new Database(process.env.E2E_SQLITE_FILE, { fileMustExist: true });
  try {
    db.prepare(
      `INSERT INTO accounts (id, name, organization_type, status, plan_id, created_at, updated_at) VALUES (?, ?, 'political', 'active', 'growth', ?, ?)`,
    ).run(accountId, accountName, now, now);
    db.prepare(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'active', ?, ?)`,
    ).run(userId, user.email, passwordHash, firstName, lastName, now, now);
    db.prepare(`INSERT INTO memberships (id, account_id, user_id, role, created_at, updated_at) VALUES (?, ?, ?, 'owner', ?, ?)`).run(
      randomUUID(),
      accountId,
      userId,
      now,
      now,
    );
  } finally {
    db.close();
  }
  return user;
}

module.exports = { seedOwner };
