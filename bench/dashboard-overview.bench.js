// GET /api/dashboard/overview for the large benchmark account (100,000 contacts, 1,000,000 donations)
// on MariaDB/MySQL: p50/p95/max over 30 requests through the real app (HTTP, session, JSON).
// Needs DATABASE_URL=mysql://...: the benchmark uses its own database `caucus_bench` on that server
// (created, migrated and seeded on first use; the seed is idempotent, later runs reuse it).
const http = require('node:http');
const path = require('node:path');
const { percentile, table } = require('./support');

const RUNS = Number(process.env.BENCH_OVERVIEW_RUNS || 30);
const TARGET_MS = 100;
const DATABASE = 'caucus_bench';

function withDatabase(databaseUrl, database) {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function timeRequests(baseURL, token, accountId, urlPath) {
  const samples = [];
  for (let i = 0; i < RUNS + 1; i += 1) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${baseURL}${urlPath}`, { headers: { Authorization: `Bearer ${token}`, 'X-Account-Id': accountId } });
    const body = await res.json();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${JSON.stringify(body)}`);
    // The first request warms the pool and the buffer cache; it is not counted.
    if (i > 0) samples.push(ms);
  }
  return samples;
}

module.exports = {
  title: `Dashboard overview API on MariaDB, large seed (${RUNS} requests, target < ${TARGET_MS} ms)`,
  async run({ repoRoot = path.resolve(__dirname, '..') } = {}) {
    const databaseUrl = process.env.DATABASE_URL || '';
    if (!/^mysql:\/\//i.test(databaseUrl)) {
      console.log('DATABASE_URL is not a mysql:// URL: skipped (this benchmark needs MariaDB/MySQL with the large seed).');
      return;
    }
    // The API is TypeScript; tsx compiles it on the fly so the benchmark needs no build.
    const tsx = require('tsx/cjs/api');
    const load = (file) => tsx.require(path.join(repoRoot, 'api', 'src', file), __filename);
    const { createKnex, migrateLatest } = load('db/index.ts');
    const { seedLarge, LARGE_EMAIL, LARGE_PASSWORD } = load('db/seeds/large.ts');
    const { createApp } = load('app.ts');
    const { loadConfig } = load('config.ts');

    const admin = createKnex({ databaseUrl: withDatabase(databaseUrl, '') });
    try {
      await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await admin.destroy();
    }

    const knex = createKnex({ databaseUrl: withDatabase(databaseUrl, DATABASE) });
    const server = http.createServer();
    try {
      await migrateLatest(knex);
      // The request names the large account (X-Account-Id), whatever else its user belongs to.
      const seeded = await seedLarge(knex, { log: (line) => console.log(`  seed: ${line}`) });
      const campaign = await knex('campaigns').where({ accountId: seeded.accountId, status: 'active' }).orderBy('id').first('id');

      const app = createApp({ knex, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl }) });
      server.on('request', app.callback());
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const baseURL = `http://127.0.0.1:${server.address().port}`;

      const login = await fetch(`${baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: LARGE_EMAIL, password: LARGE_PASSWORD }),
      });
      const loginBody = await login.json();
      if (login.status !== 200) throw new Error(`login as ${LARGE_EMAIL}: ${login.status} ${JSON.stringify(loginBody)}`);
      const token = loginBody.data.token;
      const cases = [
        { request: 'GET /api/dashboard/overview', path: '/api/dashboard/overview' },
        { request: 'GET /api/dashboard/overview?campaignId=…', path: `/api/dashboard/overview?campaignId=${campaign.id}` },
      ];
      const rows = [];
      for (const c of cases) {
        const samples = await timeRequests(baseURL, token, seeded.accountId, c.path);
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
      if (server.listening) await new Promise((resolve) => server.close(resolve));
      await knex.destroy();
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
