// GET /api/dashboard/overview for the large benchmark account (100,000 contacts, 1,000,000 donations)
// on MariaDB/MySQL, whole account and one campaign: p50/p95 over 30 requests each through the real
// app (HTTP, session, JSON), on a quiet API and while a second client keeps 20 requests in flight.
// Needs DATABASE_URL=mysql://...: the benchmark uses its own database `caucus_bench` on that server
// (created, migrated and seeded on first use; the seed is idempotent, later runs reuse it).
const { mysqlUrlOrSkip, timeGet } = require('./support/mariadb');
const { measureUnloadedAndLoaded, IN_FLIGHT } = require('./support/latency');
const { startApiProcess } = require('./support/processes');

const RUNS = Number(process.env.BENCH_OVERVIEW_RUNS || 30);
const TARGET_MS = 100;

module.exports = {
  title: `Dashboard overview API on MariaDB, large seed (${RUNS} requests each, quiet and +${IN_FLIGHT} in flight, target p95 < ${TARGET_MS} ms)`,
  async run() {
    if (!mysqlUrlOrSkip()) return;
    const api = await startApiProcess();
    try {
      const cases = {
        'GET /api/dashboard/overview': '/api/dashboard/overview',
        'GET /api/dashboard/overview?campaignId=…': `/api/dashboard/overview?campaignId=${api.activeCampaignId}`,
      };
      const measure = async () => {
        const samples = new Map();
        for (const [label, urlPath] of Object.entries(cases)) {
          // The first request warms the pool and the buffer cache; it is not counted.
          await timeGet(api, urlPath);
          const ms = [];
          for (let i = 0; i < RUNS; i += 1) ms.push((await timeGet(api, urlPath)).ms);
          samples.set(label, ms);
        }
        return samples;
      };
      await measureUnloadedAndLoaded(api, measure, { targetMs: TARGET_MS });
    } finally {
      await api.stop();
    }
  },
};

// `node bench/dashboard-overview.bench.js` runs it alone, without the browser runner.
if (require.main === module) {
  module.exports.run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
