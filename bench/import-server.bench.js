// The server's import against the floor of the same work, in one run, on both engines:
//  - server: a CSV's rows (a new contact and a gift each, 12 columns) through POST
//    /api/data-import/import until the import completes (checks, matching, locks, totals, roll-ups,
//    the import's own records), in rows per second;
//  - floor: the same rows as the import left them in `contacts` and `donations` (read back, given new
//    ids, for a second account and campaign), written as plain multi-row INSERTs of 1,000 rows into
//    those tables with all their indexes and triggers, one transaction per 1,000 rows. No import of
//    these tables can beat it.
// Each is timed from its first write to its last; on SQLite each starts with an empty write-ahead
// log and ends with its own pages moved into the database file (checkpointWal below).
// Target: the server's rate at least 0.8x the floor's, on SQLite (a file under /tmp) and on MariaDB.
// The MariaDB run uses a mariadbd this benchmark starts itself (support/privateMariadb.js: its own
// data directory under /tmp, port 3390, a 4 GB buffer pool as a production server has) and stops
// after; the shared service on 3306 keeps the default 128 MB pool, which no production server runs.
// BENCH_IMPORT_ROWS sets the number of rows (default 100,000); BENCH_IMPORT_ENGINES=sqlite or mysql
// runs one engine only.
require('./support/sourceConditions');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { table } = require('./support');
const { BENCH_TOTP_KEY, withDatabase } = require('./support/mariadb');
const { startPrivateMariadb } = require('./support/privateMariadb');

const repoRoot = path.resolve(__dirname, '..');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 100_000);
const RATIO_TARGET = 0.8;
const FLOOR_BATCH = 1000;
const HEADERS = ['First Name', 'Last Name', 'Email', 'Phone', 'Address', 'City', 'State', 'Zip', 'Amount', 'Date', 'Transaction ID', 'Employer'];
const MAPPING = {
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  Phone: 'phone',
  Address: 'address',
  City: 'city',
  State: 'state',
  Zip: 'zipCode',
  Amount: 'amount',
  Date: 'donationDate',
  'Transaction ID': 'transactionId',
  Employer: 'employer',
};

function makeRows(run) {
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    rows.push([
      `First${i % 5000}`,
      `Last${i}`,
      `donor${i}.${run}@example.org`,
      `617-555-${String(i % 10000).padStart(4, '0')}`,
      `${100 + (i % 900)} Main Street`,
      'Springfield',
      'IL',
      String(10000 + (i % 89999)),
      `$${(i % 500) + 1}.00`,
      `0${(i % 9) + 1}/15/2026`,
      `TX-${run}-${i}`,
      'Acme Corporation',
    ]);
  }
  return rows.map((cells) => Object.fromEntries(HEADERS.map((h, c) => [h, cells[c]])));
}

const rate = (rows, ms) => Math.round(rows / (ms / 1000));
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const ofWhichCheckpoint = ({ checkpointMs }) => (checkpointMs ? `, ${secs(checkpointMs)} of it the WAL checkpoint` : '');

const load = (file) => require('tsx/cjs/api').require(path.join(repoRoot, 'api', 'src', file), __filename);

/**
 * SQLite: moves what the write-ahead log holds into the database file and empties it, answering the
 * milliseconds it took (0 on MariaDB, whose pages are flushed in the background). A phase that starts
 * with an empty log and ends with this pays for exactly its own pages: left to the autocheckpoint
 * (every 50,000 pages, api/src/db/knex.ts), the 0.3-0.4 s of moving the earlier phase's pages fell on
 * whichever phase crossed the mark, and the ratio swung between 0.67x and 0.86x from run to run.
 */
async function checkpointWal(knex) {
  if (load('db/knex.ts').engineOf(knex) !== 'sqlite') return 0;
  const started = Date.now();
  await knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  return Date.now() - started;
}

/** An account with an owner who can sign in and two campaigns: the import's and the floor's. */
async function makeAccount(knex, run, suffix) {
  const { newId } = load('lib/ids.ts');
  const argon2 = require(require.resolve('argon2', { paths: [path.join(repoRoot, 'api')] }));
  const now = new Date();
  const accountId = newId();
  const userId = newId();
  const campaignId = newId();
  const email = `bench-${run}-${suffix}@example.org`;
  await knex('accounts').insert({
    id: accountId,
    name: `Import bench ${suffix}`,
    organizationType: 'political',
    status: 'active',
    planId: 'growth',
    createdAt: now,
    updatedAt: now,
  });
  await knex('users').insert({
    id: userId,
    email,
    passwordHash: await argon2.hash('bench-password-1', { type: argon2.argon2id }),
    firstName: 'Bench',
    lastName: 'User',
    status: 'active',
    createdAt: now,
    updatedAt: now,
  });
  await knex('memberships').insert({ id: newId(), accountId, userId, role: 'owner', createdAt: now, updatedAt: now });
  await knex('campaigns').insert({
    id: campaignId,
    accountId,
    name: `Bench ${suffix}`,
    slug: `bench-${run}-${suffix}`,
    campaignType: 'fundraising',
    status: 'active',
    fundraisingGoal: 1000,
    suggestedAmounts: '[]',
    createdAt: now,
    updatedAt: now,
  });
  return { accountId, campaignId, email };
}

/** A JSON POST of `payload` (its bytes) through node:http, whose answer is read even when the server answers before the whole body is sent. */
function postJson(url, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'Content-Length': payload.length } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** POST /api/data-import/import and wait for it to complete; answers the milliseconds and the tables it inserted into. */
async function serverImport({ knex, config, rows, account }) {
  const { createApp } = load('app.ts');
  const app = createApp({ knex, config });
  const server = http.createServer(app.callback());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${server.address().port}`;
  const inserted = new Map();
  const onQuery = (query) => {
    const match = /^insert (?:ignore )?into [`"]?(\w+)[`"]?/i.exec(query.sql);
    if (match) inserted.set(match[1], (inserted.get(match[1]) ?? 0) + 1);
  };
  try {
    const login = await (
      await fetch(`${api}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: 'bench-password-1' }),
      })
    ).json();
    const auth = { Authorization: `Bearer ${login.data.token}`, 'Content-Type': 'application/json' };
    // The client's JSON is made before the clock starts: in this one process it would otherwise be
    // counted as the server's time.
    const payload = Buffer.from(JSON.stringify({ campaignId: account.campaignId, fileName: 'bench.csv', headers: HEADERS, mapping: MAPPING, rows }));
    knex.on('query', onQuery);
    const started = Date.now();
    const res = await postJson(`${api}/api/data-import/import`, auth, payload);
    const body = res.body;
    if (res.status >= 300) throw new Error(`import refused: ${res.status} ${JSON.stringify(body)}`);
    for (;;) {
      // A poll may meet a kept-alive socket the server just closed (the import's batches hold the
      // event loop meanwhile): it is asked again.
      const record = await fetch(`${api}/api/data-import/${body.data.importId}`, { headers: auth })
        .then(async (r) => (await r.json()).data.import)
        .catch(() => ({ status: 'processing' }));
      if (record.status !== 'processing') {
        if (record.status !== 'completed' || record.recordsImported !== ROWS)
          throw new Error(`server import ended ${record.status} with ${record.recordsImported} rows: ${JSON.stringify(record.errors?.slice(0, 3))}`);
        // Until the moment the server recorded the import completed (this process's clock, to the
        // millisecond), not until this poll noticed it: up to a poll's period later, with the
        // duplicate scan a completed import starts already running. Then the log's pages, once that
        // scan is done too (its pages are a few of them).
        const importMs = Date.parse(record.completedAt) - started;
        await app.jobs.queue.idle();
        const checkpointMs = await checkpointWal(knex);
        return { ms: importMs + checkpointMs, checkpointMs, inserted };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    knex.off('query', onQuery);
    await new Promise((resolve) => server.close(resolve));
    await app.jobs.queue.close();
  }
}

/**
 * The floor: the rows the import left in contacts and donations, copied for another account and
 * campaign (new ids, the donations pointing at the copied contacts), as plain multi-row INSERTs.
 */
async function floorInsert({ knex, from, to }) {
  const { newId } = load('lib/ids.ts');
  // Generated columns (the search text on MariaDB) are computed by the database, never written.
  const generated = new Set();
  if (load('db/knex.ts').engineOf(knex) === 'mysql') {
    const [columns] = await knex.raw(
      "select column_name as name from information_schema.columns where table_schema = database() and table_name in ('contacts', 'donations') and extra like '%GENERATED%'",
    );
    for (const { name } of columns) generated.add(String(name).replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()));
  }
  const writable = (row) => Object.fromEntries(Object.entries(row).filter(([key]) => !generated.has(key)));
  const contacts = (await knex('contacts').where({ accountId: from.accountId }).orderBy('id')).map(writable);
  const donations = (await knex('donations').where({ accountId: from.accountId }).orderBy('contactId')).map(writable);
  const byContact = new Map();
  for (const d of donations) {
    if (!byContact.has(d.contactId)) byContact.set(d.contactId, []);
    byContact.get(d.contactId).push(d);
  }
  const newIds = new Map(contacts.map((c) => [c.id, newId()]));
  // Unique per account already; a second account keeps them apart. Prepared before the clock starts.
  const batches = [];
  for (let i = 0; i < contacts.length; i += FLOOR_BATCH) {
    const slice = contacts.slice(i, i + FLOOR_BATCH);
    batches.push({
      contacts: slice.map((c) => ({ ...c, id: newIds.get(c.id), accountId: to.accountId })),
      donations: slice.flatMap((c) =>
        (byContact.get(c.id) ?? []).map((d) => ({ ...d, id: newId(), accountId: to.accountId, contactId: newIds.get(c.id), campaignId: to.campaignId })),
      ),
    });
  }
  // SQLite binds at most 32,766 values and (knex writes a multi-row insert as a compound SELECT) 500
  // rows per statement: its statements carry as many rows as fit.
  const perStatement = (rows) =>
    load('db/knex.ts').engineOf(knex) === 'mysql' || !rows[0] ? FLOOR_BATCH : Math.min(500, Math.floor(32_000 / Object.keys(rows[0]).length));
  const insertAll = async (trx, tableName, rows) => {
    const size = perStatement(rows);
    for (let i = 0; i < rows.length; i += size) await trx(tableName).insert(rows.slice(i, i + size));
  };
  await checkpointWal(knex);
  const started = Date.now();
  for (const batch of batches) {
    await knex.transaction(async (trx) => {
      await insertAll(trx, 'contacts', batch.contacts);
      await insertAll(trx, 'donations', batch.donations);
    });
  }
  const checkpointMs = await checkpointWal(knex);
  return { ms: Date.now() - started, checkpointMs, contacts: contacts.length, donations: donations.length };
}

async function runEngine({ engine, results }) {
  const { createKnex, migrateLatest } = load('db/index.ts');
  const { loadConfig } = load('config.ts');
  const run = Date.now() % 1_000_000;
  let mariadb = null;
  let sqliteFile = null;
  let knex;
  let config;
  try {
    if (engine === 'mysql') {
      mariadb = await startPrivateMariadb();
      const admin = createKnex({ databaseUrl: mariadb.url });
      await admin.raw('CREATE DATABASE `caucus_bench_import` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
      await admin.destroy();
      const databaseUrl = withDatabase(mariadb.url, 'caucus_bench_import');
      knex = createKnex({ databaseUrl });
      config = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: 'http://127.0.0.1',
        TOTP_ENCRYPTION_KEY: BENCH_TOTP_KEY,
      });
    } else {
      sqliteFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-bench-import-')), 'import.sqlite');
      knex = createKnex({ sqliteFile });
      config = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        SQLITE_FILE: sqliteFile,
        PUBLIC_URL: 'http://127.0.0.1',
        TOTP_ENCRYPTION_KEY: BENCH_TOTP_KEY,
      });
    }
    await migrateLatest(knex);
    const importer = await makeAccount(knex, run, 'server');
    const copy = await makeAccount(knex, run, 'floor');
    const rows = makeRows(run);
    await checkpointWal(knex);
    const server = await serverImport({ knex, config, rows, account: importer });
    const floor = await floorInsert({ knex, from: importer, to: copy });
    const ratio = floor.ms / server.ms;
    const label = engine === 'mysql' ? `MariaDB (private, ${process.env.BENCH_MARIADB_BUFFER_POOL || '4G'} buffer pool)` : 'SQLite (file)';
    results.push({
      engine: label,
      measure: `server import, ${ROWS.toLocaleString('en-US')} rows`,
      figure: `${secs(server.ms)} (${rate(ROWS, server.ms)} rows/s)${ofWhichCheckpoint(server)}`,
      floor: '',
      ratio: '',
      target: '',
    });
    results.push({
      engine: label,
      measure: `  floor: ${floor.contacts} contacts + ${floor.donations} donations, multi-row INSERTs`,
      figure: `${secs(floor.ms)} (${rate(ROWS, floor.ms)} rows/s)${ofWhichCheckpoint(floor)}`,
      floor: '',
      ratio: '1x',
      target: 'floor',
    });
    results.push({
      engine: label,
      measure: '  server / floor',
      figure: `${rate(ROWS, server.ms)} rows/s`,
      floor: `${rate(ROWS, floor.ms)} rows/s`,
      ratio: `${ratio.toFixed(2)}x`,
      target: ratio >= RATIO_TARGET ? `met (>= ${RATIO_TARGET}x)` : `MISSED (>= ${RATIO_TARGET}x)`,
    });
    console.log(`  ${label}: the import's INSERT statements by table: ${[...server.inserted].map(([t, n]) => `${t} ${n}`).join(', ')}`);
  } finally {
    if (knex) await knex.destroy();
    if (sqliteFile) fs.rmSync(path.dirname(sqliteFile), { recursive: true, force: true });
    if (mariadb) await mariadb.stop();
  }
}

module.exports = {
  title: `Server import against plain multi-row INSERTs of the same rows (${ROWS.toLocaleString('en-US')} rows; target >= ${RATIO_TARGET}x the floor, SQLite and a private MariaDB)`,
  async run() {
    const engines = (process.env.BENCH_IMPORT_ENGINES || 'sqlite,mysql').split(',').map((e) => e.trim());
    const results = [];
    for (const engine of engines) {
      await runEngine({ engine, results });
      table(results);
    }
  },
};

if (require.main === module) {
  module.exports.run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
