// GET /api/dashboard/overview for the large benchmark account (100,000 contacts, 1,000,000 donations)
// on MariaDB/MySQL: p50/p95/max over 30 requests through the real app (HTTP, session, JSON).
// Needs DATABASE_URL=mysql://...: the benchmark uses its own database `caucus_bench` on that server
// (created, migrated and seeded on first use; the seed is idempotent, later runs reuse it).
const path = require('node:path');
const { percentile, table } = require('./support');
const { mysqlUrlOrSkip, startLargeAccountApp, timeGet } = require('./support/mariadb');

const RUNS = Number(process.env.BENCH_OVERVIEW_RUNS || 30);
const TARGET_MS = 100;

async function timeRequests(bench, urlPath) {
  const samples = [];
  for (let i = 0; i < RUNS + 1; i += 1) {
    const { ms } = await timeGet(bench, urlPath);
    // The first request warms the pool and the buffer cache; it is not counted.
    if (i > 0) samples.push(ms);
  }
  return samples;
}

module.exports = {
  title: `Dashboard overview API on MariaDB, large seed (${RUNS} requests, target < ${TARGET_MS} ms)`,
  async run({ repoRoot = path.resolve(__dirname, '..') } = {}) {
    const databaseUrl = mysqlUrlOrSkip();
    if (!databaseUrl) return;
    const bench = await startLargeAccountApp({ repoRoot, databaseUrl });
    try {
      const campaign = await bench.knex('campaigns').where({ accountId: bench.accountId, status: 'active' }).orderBy('id').first('id');
      const cases = [
        { request: 'GET /api/dashboard/overview', path: '/api/dashboard/overview' },
        { request: 'GET /api/dashboard/overview?campaignId=…', path: `/api/dashboard/overview?campaignId=${campaign.id}` },
      ];
      const rows = [];
      for (const c of cases) {
        const samples = await timeRequests(bench, c.path);
        const p95 = percentile(samples, 95);
        rows.push({
          request: c.request,
          p50: `${percentile(samples, 50).toFixed(1)} ms`,
          p95: `${p95.toFixed(1)} ms`,
          max: `${Math.max(...samples).toFixed(1)} ms`,
          target: c === cases[0] ? (p95 < TARGET_MS ? `met (< ${TARGET_MS} ms)` : `MISSED (>= ${TARGET_MS} ms)`) : 'informative',
        });
      }
      table(rows);
    } finally {
      await bench.stop();
    }
  },
};

// `node bench/dashboard-overview.bench.js` runs it alone, without the browser runner.
if (require.main === module) {
  module.exports.run({}).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
