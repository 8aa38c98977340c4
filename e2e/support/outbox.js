// The product's email outbox, read straight from its database: the journeys' inbox.
const Database = require('better-sqlite3');

function latestEmailTo(address, kind) {
  const db = new Database(process.env.E2E_SQLITE_FILE, { readonly: true, fileMustExist: true });
  try {
    const sql = `SELECT * FROM email_outbox WHERE lower("to") = lower(?) ${kind ? 'AND kind = ?' : ''} ORDER BY created_at DESC LIMIT 1`;
    return db.prepare(sql).get(...(kind ? [address, kind] : [address])) ?? null;
  } finally {
    db.close();
  }
}

module.exports = { latestEmailTo };
