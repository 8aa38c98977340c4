// The database floor of an API route (issue: "fast against the right floor"): the SQL statements one
// request of the route sends, captured from the API's own knex, sent by a bare mysql2 pool of the
// API's size at the same concurrency, one request's statements after another per connection. What
// the route costs beyond it is HTTP, the session check, validation, JSON and Node.
const mysql = require('mysql2/promise');
const { withDatabase } = require('./mariadb');

/** The pool size of the API's knex (api/src/db/knex.ts), so the floor queues on the same pool. */
const API_POOL_SIZE = 30;

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `statements` ([{ sql, bindings }]) as one "request" from `connections` concurrent clients for
 * `durationS` seconds, on a pool of `poolSize` (the API's pools together: API_POOL_SIZE per instance).
 * Answers { rps, p99, errors, requests }.
 */
async function runSqlFloor({ databaseUrl, database, statements, connections, durationS, poolSize = API_POOL_SIZE }) {
  const url = new URL(withDatabase(databaseUrl, database));
  const pool = mysql.createPool({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password || ''),
    database,
    connectionLimit: poolSize,
    charset: 'utf8mb4',
    timezone: 'Z',
    decimalNumbers: true,
    dateStrings: ['DATE'],
  });
  const latencies = [];
  let errors = 0;
  const run = async (deadline) => {
    while (Date.now() < deadline) {
      const started = process.hrtime.bigint();
      try {
        for (const { sql, bindings } of statements) await pool.query(sql, bindings);
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      } catch {
        errors += 1;
      }
    }
  };
  try {
    // Warm-up, then the measured run.
    await Promise.all(Array.from({ length: connections }, () => run(Date.now() + 2000)));
    latencies.length = 0;
    errors = 0;
    const started = Date.now();
    await Promise.all(Array.from({ length: connections }, () => run(started + durationS * 1000)));
    const seconds = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / seconds, p99: Math.round(percentile(latencies, 99)), errors, requests: latencies.length };
  } finally {
    await pool.end();
  }
}

module.exports = { runSqlFloor, API_POOL_SIZE };
