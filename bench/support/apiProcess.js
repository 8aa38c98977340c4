// A child process that runs the API on the large benchmark account (see mariadb.js) and sends its
// address and credentials to the parent over IPC; 'stop' shuts it down (and writes a CPU profile when
// started with --cpu-prof). Load generators run in other processes, so they never share the API's
// event loop.
const path = require('node:path');
const { startLargeAccountApp } = require('./mariadb');

async function main() {
  const bench = await startLargeAccountApp({ repoRoot: path.resolve(__dirname, '..', '..'), databaseUrl: process.env.DATABASE_URL });
  process.on('message', async (message) => {
    // CPU seconds this process has used so far, for the benchmarks that say where the time went.
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ cpuSeconds: (user + system) / 1e6 });
      return;
    }
    // The SQL one request of a path sends once warm (the session lookup cached, as under load): the
    // statements the throughput benchmark's database floor replays (sqlFloor.js).
    if (message && message.capture) {
      const headers = { Authorization: `Bearer ${bench.token}`, 'X-Account-Id': bench.accountId };
      await fetch(`${bench.baseURL}${message.capture}`, { headers }).then((res) => res.text());
      const statements = [];
      const listener = (query) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
      bench.knex.on('query', listener);
      try {
        await fetch(`${bench.baseURL}${message.capture}`, { headers }).then((res) => res.text());
      } finally {
        bench.knex.off('query', listener);
      }
      process.send({ statements });
      return;
    }
    if (message !== 'stop') return;
    await bench.stop();
    process.exit(0);
  });
  const campaign = await bench.knex('campaigns').where({ accountId: bench.accountId, status: 'active' }).orderBy('id').first('id');
  process.send({ baseURL: bench.baseURL, token: bench.token, accountId: bench.accountId, activeCampaignId: campaign.id });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
