// Throughput of authenticated API reads on MariaDB/MySQL with the large seed, against the floor of the
// same work measured in the same run: the SQL statements one request of the route sends (captured
// from the API's knex), sent by a bare mysql2 pool of the API's size from the same number of
// concurrent clients (support/sqlFloor.js). 100 connections for 10 s each (autocannon, loopback).
// The API runs as production runs it: BENCH_API_INSTANCES instances (2) behind one port, the floor's
// pool then the size of their pools together; BENCH_API_INSTANCES=1 measures one process alone.
// Target: at least 0.5x the floor's requests/s, p99 < 250 ms, no errors. The bare Koa handler of the
// earlier budget is still printed, for reference. Beside each row: the API instances' CPU time per
// request, all of them together (the capacity model of docs/adr/0013-capacity-and-scale-out.md is
// built on it) and the share of a core the database server used (when it runs on this machine).
// BENCH_CPU_PROF=<dir> writes a CPU profile of each API process there.
// Needs DATABASE_URL=mysql://...; uses the database `caucus_bench` (see support/mariadb.js).
const autocannon = require('autocannon');
const { table } = require('./support');
const { DATABASE, mysqlUrlOrSkip } = require('./support/mariadb');
const { databaseCpuReader } = require('./support/cpu');
const { startApiProcess, startBareKoa } = require('./support/processes');
const { runSqlFloor, API_POOL_SIZE } = require('./support/sqlFloor');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 100);
// API instances behind the one port, as production runs them (README, "Several instances"); the floor's
// pool is then theirs together.
const INSTANCES = Number(process.env.BENCH_API_INSTANCES || 2);
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 250;

function load(url, headers) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
}

module.exports = {
  title: `Throughput on MariaDB, large seed (${INSTANCES} API instance${INSTANCES > 1 ? 's behind one port' : ''}, ${CONNECTIONS} connections, ${DURATION_S} s each; target >= ${TARGET_RATIO}x the same SQL from a bare mysql2 pool, p99 < ${TARGET_P99_MS} ms, no errors)`,
  async run() {
    const databaseUrl = mysqlUrlOrSkip();
    if (!databaseUrl) return;
    const bare = await startBareKoa();
    let bareResult;
    try {
      await autocannon({ url: bare.baseURL, connections: CONNECTIONS, duration: 2 });
      bareResult = await load(bare.baseURL, {});
    } finally {
      await bare.stop();
    }
    const api = await startApiProcess({ cpuProfDir: process.env.BENCH_CPU_PROF, instances: INSTANCES });
    const databaseCpu = databaseCpuReader();
    const rows = [
      {
        request: 'bare Koa handler (reference)',
        rps: Math.round(bareResult.requests.average),
        p99: `${bareResult.latency.p99} ms`,
        errors: bareResult.errors + bareResult.non2xx,
        floor: '',
        ratio: '',
        'API CPU / request': '',
        'database CPU': '',
        target: '',
      },
    ];
    try {
      for (const path of ['/api/contacts?limit=20', '/api/dashboard/overview']) {
        const statements = await api.captureSql(path);
        const poolSize = API_POOL_SIZE * INSTANCES;
        const floor = await runSqlFloor({ databaseUrl, database: DATABASE, statements, connections: CONNECTIONS, durationS: DURATION_S, poolSize });
        rows.push({
          request: `  floor: its ${statements.length} SQL statements, bare mysql2 pool of ${poolSize}`,
          rps: Math.round(floor.rps),
          p99: `${floor.p99} ms`,
          errors: floor.errors,
          floor: '',
          ratio: '1x',
          'API CPU / request': '',
          'database CPU': '',
          target: 'floor',
        });
        await autocannon({ url: `${api.baseURL}${path}`, connections: CONNECTIONS, duration: 2, headers: api.headers });
        const [apiBefore, databaseBefore, started] = [await api.cpuSeconds(), databaseCpu?.(), process.hrtime.bigint()];
        const result = await load(`${api.baseURL}${path}`, api.headers);
        const [apiAfter, databaseAfter, seconds] = [await api.cpuSeconds(), databaseCpu?.(), Number(process.hrtime.bigint() - started) / 1e9];
        const ratio = result.requests.average / floor.rps;
        const errors = result.errors + result.non2xx + result.timeouts;
        const met = ratio >= TARGET_RATIO && result.latency.p99 < TARGET_P99_MS && errors === 0;
        rows.push({
          request: `GET ${path}`,
          rps: Math.round(result.requests.average),
          p99: `${result.latency.p99} ms`,
          errors,
          floor: `${Math.round(floor.rps)} req/s`,
          ratio: `${ratio.toFixed(2)}x`,
          'API CPU / request': `${Math.round(((apiAfter - apiBefore) * 1e6) / result.requests.total)} µs (${Math.round(((apiAfter - apiBefore) / seconds) * 100)}% of a core)`,
          'database CPU': databaseCpu ? `${Math.round(((databaseAfter - databaseBefore) / seconds) * 100)}% of a core` : 'not on this machine',
          target: met ? `met (>= ${TARGET_RATIO}x, p99 < ${TARGET_P99_MS} ms)` : `MISSED (>= ${TARGET_RATIO}x, p99 < ${TARGET_P99_MS} ms)`,
        });
      }
    } finally {
      await api.stop();
    }
    table(rows);
  },
};

// `node bench/throughput.bench.js` runs it alone, without the browser runner.
if (require.main === module) {
  module.exports.run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
