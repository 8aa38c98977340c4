// Shared setup of the API benchmarks on MariaDB/MySQL: the database `caucus_bench` on the server of
// DATABASE_URL (created, migrated and seeded with the large account on first use; the seed is
// idempotent, later runs reuse it), the real app on a free port, and a signed-in token of the large
// account's user.
require('./sourceConditions');
const http = require('node:http');
const path = require('node:path');

// BENCH_DATABASE names another database, e.g. one per worktree when several branches with different
// migrations benchmark on the same server.
const DATABASE = process.env.BENCH_DATABASE || 'caucus_bench';
// The app runs as in production, which needs a key for the two-factor secrets; benchmark databases
// hold no enrolled user, so a fixed key is enough.
const BENCH_TOTP_KEY = process.env.TOTP_ENCRYPTION_KEY || 'caucus-benchmark-totp-key-not-for-real-use';

function withDatabase(databaseUrl, database) {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The mysql:// DATABASE_URL, or null after saying why the benchmark is skipped. */
function mysqlUrlOrSkip() {
  const databaseUrl = process.env.DATABASE_URL || '';
  if (!/^mysql:\/\//i.test(databaseUrl)) {
    console.log('DATABASE_URL is not a mysql:// URL: skipped (this benchmark needs MariaDB/MySQL with the large seed).');
    return null;
  }
  return databaseUrl;
}

/**
 * Says what the figures were measured on: the server's version and the two settings that change them
 * most, beside what production runs (scripts/cluster/galera.js; docs/benchmarks.md, "How to run").
 */
async function describeServer(knex) {
  const [[server]] = await knex.raw('SELECT VERSION() AS version, @@thread_handling AS threads, @@innodb_buffer_pool_size AS pool');
  const asProduction = server.threads === 'pool-of-threads' ? '' : ' (production runs pool-of-threads: docs/benchmarks.md says how to run this server so)';
  console.log(
    `  database: ${server.version} at DATABASE_URL, thread_handling=${server.threads}${asProduction}, innodb_buffer_pool_size=${Math.round(Number(server.pool) / 2 ** 20)} MB`,
  );
}

/**
 * Starts the app on the large benchmark account. Returns { knex, baseURL, token, accountId, stop };
 * always call stop(). `signedIn` ({ token, accountId } of an earlier start on the same database) skips
 * the migration, the seed and the sign-in: the instances after the first (apiProcess.js).
 */
async function startLargeAccountApp({ repoRoot, databaseUrl, signedIn }) {
  // The API is TypeScript; tsx compiles it on the fly so the benchmark needs no build.
  const tsx = require('tsx/cjs/api');
  const load = (file) => tsx.require(path.join(repoRoot, 'api', 'src', file), __filename);
  const { createKnex, migrateLatest } = load('db/index.ts');
  const { seedLarge, LARGE_EMAIL, LARGE_PASSWORD } = load('db/seeds/large.ts');
  const { createApp } = load('app.ts');
  const { loadConfig } = load('config.ts');

  if (!signedIn) {
    const admin = createKnex({ databaseUrl: withDatabase(databaseUrl, '') });
    try {
      await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await admin.destroy();
    }
  }

  const knex = createKnex({ databaseUrl: withDatabase(databaseUrl, DATABASE) });
  const server = http.createServer();
  // Requests whose client already hung up (a load generator stopping) still run to their end; the
  // pool is closed only after them, or their queries fail with "aborted" in the figures' output.
  let running = 0;
  const stop = async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
    while (running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await knex.destroy();
  };
  try {
    // The requests name the large account (X-Account-Id), whatever else its user belongs to.
    let accountId = signedIn?.accountId;
    if (!signedIn) {
      await describeServer(knex);
      await migrateLatest(knex);
      accountId = (await seedLarge(knex, { log: (line) => console.log(`  seed: ${line}`) })).accountId;
    }
    const app = createApp({
      knex,
      config: loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: 'http://127.0.0.1',
        TOTP_ENCRYPTION_KEY: BENCH_TOTP_KEY,
      }),
    });
    const handle = app.callback();
    server.on('request', (req, res) => {
      running += 1;
      // Koa's handler settles when the route's work is done, even if the client left before.
      Promise.resolve(handle(req, res)).finally(() => (running -= 1));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseURL = `http://127.0.0.1:${server.address().port}`;
    if (signedIn) return { knex, baseURL, token: signedIn.token, accountId, stop };

    const login = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: LARGE_EMAIL, password: LARGE_PASSWORD }),
    });
    const loginBody = await login.json();
    if (login.status !== 200) throw new Error(`login as ${LARGE_EMAIL}: ${login.status} ${JSON.stringify(loginBody)}`);
    return { knex, baseURL, token: loginBody.data.token, accountId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Milliseconds of one GET through HTTP, session and JSON; throws unless it answers 200. */
async function timeGet({ baseURL, token, accountId }, urlPath) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${baseURL}${urlPath}`, { headers: { Authorization: `Bearer ${token}`, 'X-Account-Id': accountId } });
  const body = await res.json();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** A Knex of the benchmark database, for a benchmark's own SQL beside the API (the SQL floor). */
function benchKnex({ repoRoot, databaseUrl }) {
  const { createKnex } = require('tsx/cjs/api').require(path.join(repoRoot, 'api', 'src', 'db', 'index.ts'), __filename);
  return createKnex({ databaseUrl: withDatabase(databaseUrl, DATABASE) });
}

module.exports = { DATABASE, BENCH_TOTP_KEY, mysqlUrlOrSkip, startLargeAccountApp, timeGet, withDatabase, benchKnex };
