// GET /api/analytics/summary and reports for the large benchmark account (100,000 contacts,
// 1,000,000 donations) on MariaDB/MySQL: several ranges, with and without a campaign; p50/p95 over RUNS
// requests each through the real app, on a quiet API and while a second client keeps requests in
// flight. The target (docs/product/performance.md): each analytics call under 300 ms.
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
      const now = new Date();
      const year = now.getUTCFullYear();
      const today = now.toISOString().slice(0, 10);
      const campaign = `campaignId=${api.activeCampaignId}`;
      const cases = {
        // What the Analytics tab opens on: this year to date, every campaign.
        'GET /api/analytics/summary (year to date)': `/api/analytics/summary?from=${year}-01-01&to=${today}`,
        'GET /api/analytics/summary (this year)': `/api/analytics/summary?from=${year}-01-01&to=${year}-12-31`,
        'GET /api/analytics/summary (last year)': `/api/analytics/summary?from=${year - 1}-01-01&to=${year - 1}-12-31`,
        'GET /api/analytics/summary (last 2 years, across a year end)': `/api/analytics/summary?from=${year - 1}-03-15&to=${today}`,
        'GET /api/analytics/summary (all time)': '/api/analytics/summary',
        'GET /api/analytics/summary (year to date, one campaign)': `/api/analytics/summary?from=${year}-01-01&to=${today}&${campaign}`,
        'GET /api/analytics/summary (all time, one campaign)': `/api/analytics/summary?${campaign}`,
        // A range inside one year that touches neither end: donors counted from the donations.
        'GET /api/analytics/summary (Q2 last year, inside a year)': `/api/analytics/summary?from=${year - 1}-04-01&to=${year - 1}-06-30`,
        'GET /api/reports/financial-summary (2 years)': `/api/reports/financial-summary?from=${year - 1}-01-01&to=${year}-12-31`,
        'GET /api/reports/campaigns (this year)': `/api/reports/campaigns?from=${year}-01-01&to=${year}-12-31`,
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
