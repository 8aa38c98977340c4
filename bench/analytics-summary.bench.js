// GET /api/analytics/summary and a report for the large benchmark account (100,000 contacts,
// 1,000,000 donations) on MariaDB/MySQL: this year, last year and one campaign; p50/p95 over RUNS
// requests each through the real app, on a quiet API and while a second client keeps requests in
// flight. Issue 14's target: each analytics call under 300 ms.
// Needs DATABASE_URL=mysql://... (uses the database `caucus_bench`, seeded on first use).
const { mysqlUrlOrSkip, timeGet } = require('./support/mariadb');
const { measureUnloadedAndLoaded, IN_FLIGHT } = require('./support/latency');
const { startApiProcess } = require('./support/processes');

const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS || 10);
const TARGET_MS = 300;

module.exports = {
  title: `Analytics summary API on MariaDB, large seed (${RUNS} requests each, quiet and +${IN_FLIGHT} in flight, target p95 < ${TARGET_MS} ms)`,
  async run() {
    if (!mysqlUrlOrSkip()) return;
    const api = await startApiProcess();
    try {
      const year = new Date().getUTCFullYear();
      const cases = {
        'GET /api/analytics/summary (this year)': `/api/analytics/summary?from=${year}-01-01&to=${year}-12-31`,
        'GET /api/analytics/summary (last year)': `/api/analytics/summary?from=${year - 1}-01-01&to=${year - 1}-12-31`,
        'GET /api/analytics/summary?campaignId=…': `/api/analytics/summary?campaignId=${api.activeCampaignId}`,
        'GET /api/reports/financial-summary': `/api/reports/financial-summary?from=${year - 1}-01-01&to=${year}-12-31`,
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

// `node bench/analytics-summary.bench.js` runs it alone, without the browser runner.
if (require.main === module) {
  module.exports.run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
