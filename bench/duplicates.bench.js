// Duplicates on MariaDB/MySQL, large seed (100,000 contacts, 1,000,000 donations), through the real app
// running in its own process (support/apiProcess.js; jobs in that process, as `npm start` without Redis):
//  (a) the duplicate scan of the whole account as a job (POST /api/contacts/duplicates/scan, progress
//      polled from GET .../scan until done); target < 60 s. Meanwhile a reference request (GET
//      /api/contacts?limit=20, the contact list's first page) is timed back to back, as it was on the
//      quiet API just before; target: its p50 and p95 during the scan at most 2x the quiet ones.
//      Then the bulk merge's preview (GET /api/contacts/duplicates/email-clusters), timed (no target).
//  (b) a merge of two contacts holding 1,000 gifts each (to a committee's campaign, across two
//      elections: every figure, roll-up, aggregate and excess flag recomputed) through POST
//      /api/contacts/merge; target < 1 s. Then its undo, timed beside it. The two contacts are made
//      for the run, and deleted with their gifts afterwards.
// Needs DATABASE_URL=mysql://...; uses the database `caucus_bench` (BENCH_DATABASE to name another).
// Run alone: `DATABASE_URL=mysql://root@127.0.0.1:3306 node bench/duplicates.bench.js`.
require('./support/sourceConditions');
const path = require('node:path');
const { percentile, table } = require('./support');
const { benchKnex, mysqlUrlOrSkip } = require('./support/mariadb');
const { startApiProcess } = require('./support/processes');

const SCAN_TARGET_MS = 60_000;
const SLOWDOWN_TARGET = 2;
const MERGE_TARGET_MS = 1000;
const GIFTS_EACH = 1000;
const REFERENCE_PATH = '/api/contacts?limit=20';
const QUIET_SAMPLES = 40;

async function call(api, method, urlPath, body) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${api.baseURL}${urlPath}`, {
    method,
    headers: { ...api.headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(json)}`);
  return { ms, data: json.data };
}

const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

async function scanBench(api) {
  // Warm up, then the quiet reference.
  for (let i = 0; i < 5; i++) await call(api, 'GET', REFERENCE_PATH);
  const quiet = [];
  for (let i = 0; i < QUIET_SAMPLES; i++) quiet.push((await call(api, 'GET', REFERENCE_PATH)).ms);

  const started = Date.now();
  const { data } = await call(api, 'POST', '/api/contacts/duplicates/scan');
  if (data.scan.status !== 'running' && data.scan.status !== 'done') throw new Error(`scan: ${JSON.stringify(data.scan)}`);
  const during = [];
  const progress = [];
  let scan = data.scan;
  let lastPoll = 0;
  // Reference requests back to back while the scan runs; its progress read every 500 ms.
  while (scan.status === 'running') {
    during.push((await call(api, 'GET', REFERENCE_PATH)).ms);
    if (Date.now() - lastPoll >= 500) {
      lastPoll = Date.now();
      scan = (await call(api, 'GET', '/api/contacts/duplicates/scan')).data.scan;
      progress.push(`${((Date.now() - started) / 1000).toFixed(1)}s:${scan.done}/${scan.total}`);
    }
    if (Date.now() - started > 5 * SCAN_TARGET_MS) throw new Error('scan still running after 5 minutes');
  }
  const elapsed = Date.now() - started;
  if (scan.status !== 'done') throw new Error(`scan ended ${scan.status}`);
  // The bulk merge's preview reads every email of the account: its first page, timed (no target).
  const preview = await call(api, 'GET', '/api/contacts/duplicates/email-clusters?limit=25');
  // The job's own start-to-finish, as the server recorded it.
  const jobMs = new Date(scan.finishedAt).getTime() - new Date(scan.startedAt).getTime();
  console.log(`  progress seen: ${progress.slice(0, 12).join('  ')}${progress.length > 12 ? ' ...' : ''}`);
  console.log(
    `  scan: ${scan.total.toLocaleString('en-US')} contacts, ${scan.pairsFound.toLocaleString('en-US')} pairs found; ${during.length} reference requests during it`,
  );
  const q50 = percentile(quiet, 50);
  const q95 = percentile(quiet, 95);
  const d50 = during.length ? percentile(during, 50) : 0;
  const d95 = during.length ? percentile(during, 95) : 0;
  const dMax = during.length ? Math.max(...during) : 0;
  return [
    {
      measure: 'scan of the large seed, job start to done (client)',
      figure: fmt(elapsed),
      target: `< ${fmt(SCAN_TARGET_MS)}`,
      result: verdict(elapsed < SCAN_TARGET_MS),
    },
    {
      measure: 'scan, as the job recorded it (startedAt..finishedAt)',
      figure: fmt(jobMs),
      target: `< ${fmt(SCAN_TARGET_MS)}`,
      result: verdict(jobMs < SCAN_TARGET_MS),
    },
    {
      measure: `${REFERENCE_PATH} p50 quiet -> during scan`,
      figure: `${fmt(q50)} -> ${fmt(d50)} (${(d50 / q50).toFixed(2)}x)`,
      target: `<= ${SLOWDOWN_TARGET}x`,
      result: verdict(d50 <= SLOWDOWN_TARGET * q50),
    },
    {
      measure: `${REFERENCE_PATH} p95 quiet -> during scan`,
      figure: `${fmt(q95)} -> ${fmt(d95)} (${(d95 / q95).toFixed(2)}x)`,
      target: `<= ${SLOWDOWN_TARGET}x`,
      result: verdict(d95 <= SLOWDOWN_TARGET * q95),
    },
    { measure: `${REFERENCE_PATH} slowest during scan`, figure: fmt(dMax), target: '(shown)', result: '' },
    {
      measure: `bulk merge preview, first 25 of ${preview.data.total.toLocaleString('en-US')} exact-email clusters`,
      figure: fmt(preview.ms),
      target: '(shown)',
      result: '',
    },
  ];
}

/** Two contacts of the large account with 1,000 gifts each, written the way the ledger keeps them. */
async function makeHeavyPair(api, knex, repoRoot) {
  const tsx = require('tsx/cjs/api');
  const load = (file) => tsx.require(path.join(repoRoot, 'api', 'src', file), __filename);
  const { newId } = load('lib/ids.ts');
  const { refreshDonationRollups } = load('modules/analytics-reports/rollups.ts');
  const { recomputeContactStatsOf } = load('modules/ledger/figures.ts');
  const { recomputeCampaignTotals } = load('modules/campaigns/repository.ts');

  const fecId = `C00${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const committee = (
    await call(api, 'POST', '/api/committees', {
      name: `Merge Bench ${fecId}`,
      fecId,
      filingForm: 'F3',
      treasurerFirstName: 'Sam',
      treasurerLastName: 'Lee',
      street1: '1 Main St',
      city: 'Richmond',
      state: 'VA',
      zip: '23219',
      elections: [
        { code: 'P2026', date: '2026-06-09' },
        { code: 'G2026', date: '2026-11-03' },
      ],
    })
  ).data.committee;
  const now = new Date();
  const campaignId = newId();
  await knex('campaigns').insert({
    id: campaignId,
    accountId: api.accountId,
    name: `Merge bench ${fecId}`,
    slug: `merge-bench-${campaignId.slice(-12)}`,
    campaignType: 'fundraising',
    status: 'active',
    fundraisingGoal: 1000,
    suggestedAmounts: '[25]',
    committeeId: committee.id,
    createdAt: now,
    updatedAt: now,
  });
  const ids = [];
  for (const first of ['Bob', 'Robert']) {
    const id = newId();
    await knex('contacts').insert({
      id,
      accountId: api.accountId,
      firstName: first,
      lastName: 'Mergebench',
      primaryEmail: `merge.bench.${id.slice(-8)}@example.org`,
      status: 'active',
      country: 'US',
      totalDonated: 0,
      tags: '[]',
      createdAt: now,
      updatedAt: now,
    });
    ids.push(id);
  }
  const gifts = [];
  for (const contactId of ids) {
    for (let i = 0; i < GIFTS_EACH; i++) {
      const month = 1 + (i % 10);
      const day = 1 + (i % 28);
      const donationDate = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      gifts.push({
        id: newId(),
        accountId: api.accountId,
        contactId,
        campaignId,
        donationAmount: 5,
        donationDate,
        paymentMethod: 'credit_card',
        status: 'completed',
        electionCode: donationDate <= '2026-06-09' ? 'P2026' : 'G2026',
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  for (let i = 0; i < gifts.length; i += 500) await knex('donations').insert(gifts.slice(i, i + 500));
  await knex.transaction(async (trx) => {
    await refreshDonationRollups(trx, api.accountId, { added: gifts });
    await recomputeContactStatsOf(trx, api.accountId, ids);
    await recomputeCampaignTotals(trx, api.accountId, [campaignId]);
  });
  return { ids, campaignId, committeeId: committee.id, gifts };
}

async function mergeBench(api, knex, repoRoot) {
  const pair = await makeHeavyPair(api, knex, repoRoot);
  const tsx = require('tsx/cjs/api');
  const { refreshDonationRollups } = tsx.require(path.join(repoRoot, 'api', 'src', 'modules/analytics-reports/rollups.ts'), __filename);
  try {
    const merge = await call(api, 'POST', '/api/contacts/merge', { survivorId: pair.ids[0], mergedIds: [pair.ids[1]], fields: {} });
    const survivor = await knex('contacts').where({ id: pair.ids[0] }).first('totalDonated', 'donationCount');
    const flagged = await knex('donations').where({ contactId: pair.ids[0] }).where('excessAmount', '>', 0).count({ n: '*' }).first();
    console.log(
      `  merge: ${merge.data.merge.giftsMoved} gifts moved; survivor $${Number(survivor.totalDonated).toLocaleString('en-US')} in ${survivor.donationCount} gifts, ${flagged.n} gifts flagged over the limit`,
    );
    const undo = await call(api, 'POST', `/api/contacts/merges/${merge.data.merge.id}/undo`);
    return [
      {
        measure: `merge of two contacts with ${GIFTS_EACH.toLocaleString('en-US')} gifts each`,
        figure: fmt(merge.ms),
        target: `< ${fmt(MERGE_TARGET_MS)}`,
        result: verdict(merge.ms < MERGE_TARGET_MS),
      },
      { measure: 'its undo', figure: fmt(undo.ms), target: '(shown)', result: '' },
    ];
  } finally {
    // The run's rows go again (roll-ups first, by the same facts, so the account's figures stay right).
    const left = await knex('donations')
      .whereIn('contactId', pair.ids)
      .select('contactId', 'campaignId', 'donationDate', 'paymentMethod', 'status', 'donationAmount');
    await knex.transaction(async (trx) => {
      await refreshDonationRollups(trx, api.accountId, { removed: left });
      await trx('donor_years').whereIn('contactId', pair.ids).delete();
      await trx('donations').whereIn('contactId', pair.ids).delete();
      await trx('contact_merges').where({ survivorId: pair.ids[0] }).delete();
      await trx('contact_duplicates').whereIn('firstContactId', pair.ids).orWhereIn('secondContactId', pair.ids).delete();
      await trx('contacts').whereIn('id', pair.ids).delete();
      await trx('campaigns').where({ id: pair.campaignId }).delete();
    });
  }
}

module.exports = {
  makeHeavyPair,
  call,
  title: 'Duplicates: the scan of 100,000 contacts as a job, other requests during it, and a merge of 2 x 1,000 gifts (MariaDB)',
  async run({ repoRoot }) {
    const databaseUrl = mysqlUrlOrSkip();
    if (!databaseUrl) return;
    const api = await startApiProcess();
    const knex = benchKnex({ repoRoot, databaseUrl });
    try {
      const rows = [...(await scanBench(api)), ...(await mergeBench(api, knex, repoRoot))];
      table(rows);
    } finally {
      await knex.destroy();
      await api.stop();
    }
  },
};

if (require.main === module) {
  module.exports.run({ repoRoot: path.resolve(__dirname, '..') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
