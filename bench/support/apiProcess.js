// A child process that runs the API on the large benchmark account (see mariadb.js) and sends its
// address and credentials to the parent over IPC; 'stop' shuts it down (and writes a CPU profile when
// started with --cpu-prof). Load generators run in other processes, so they never share the API's
// event loop.
//
// BENCH_API_INSTANCES=N (default 1) runs N instances of the API behind one port, as production runs
// several behind haproxy (README, "Several instances"): this process prepares the database and signs
// in, then forks N node:cluster workers, each a whole API with its own pool, session cache and event
// loop; the cluster hands each new connection to the next worker. Its answers (CPU seconds, captured
// SQL) cover all of them.
const cluster = require('node:cluster');
const http = require('node:http');
const path = require('node:path');
const { startLargeAccountApp } = require('./mariadb');

const repoRoot = path.resolve(__dirname, '..', '..');
const INSTANCES = Number(process.env.BENCH_API_INSTANCES || 1);

/** Records the SQL the knex of this process sends between start() and stop(). */
function sqlRecorder(knex) {
  let statements = null;
  const listener = (query) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
  return {
    start() {
      statements = [];
      knex.on('query', listener);
    },
    stop() {
      knex.off('query', listener);
      const recorded = statements;
      statements = null;
      return recorded;
    },
  };
}

/** One GET on a connection of its own: a new connection goes to the next instance. */
function getOnNewConnection(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
}

function cpuSecondsOfThisProcess() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

async function activeCampaignId(knex, accountId) {
  const campaign = await knex('campaigns').where({ accountId, status: 'active' }).orderBy('id').first('id');
  return campaign.id;
}

/** The API alone in this process. */
async function single() {
  const bench = await startLargeAccountApp({ repoRoot, databaseUrl: process.env.DATABASE_URL });
  const recorder = sqlRecorder(bench.knex);
  process.on('message', async (message) => {
    // CPU seconds this process has used so far, for the benchmarks that say where the time went.
    if (message === 'cpu') {
      process.send({ cpuSeconds: cpuSecondsOfThisProcess() });
      return;
    }
    // The SQL one request of a path sends once warm (the session lookup cached, as under load): the
    // statements the throughput benchmark's database floor replays (sqlFloor.js).
    if (message && message.capture) {
      const headers = { Authorization: `Bearer ${bench.token}`, 'X-Account-Id': bench.accountId };
      await fetch(`${bench.baseURL}${message.capture}`, { headers }).then((res) => res.text());
      recorder.start();
      try {
        await fetch(`${bench.baseURL}${message.capture}`, { headers }).then((res) => res.text());
      } finally {
        process.send({ statements: recorder.stop() });
      }
      return;
    }
    if (message !== 'stop') return;
    await bench.stop();
    process.exit(0);
  });
  process.send({
    baseURL: bench.baseURL,
    token: bench.token,
    accountId: bench.accountId,
    activeCampaignId: await activeCampaignId(bench.knex, bench.accountId),
  });
}

/** One of the instances, forked by primary(). */
async function worker() {
  const bench = await startLargeAccountApp({ repoRoot, databaseUrl: process.env.DATABASE_URL, signedIn: JSON.parse(process.env.BENCH_SIGNED_IN) });
  const recorder = sqlRecorder(bench.knex);
  process.on('message', async (message) => {
    if (message === 'cpu') process.send({ cpuSeconds: cpuSecondsOfThisProcess() });
    else if (message === 'capture-start') {
      recorder.start();
      process.send({ capturing: true });
    } else if (message === 'capture-stop') process.send({ statements: recorder.stop() });
    else if (message === 'stop') {
      await bench.stop();
      process.exit(0);
    }
  });
  process.send({ baseURL: bench.baseURL });
}

/** The `key` of the next message of `instance` that carries one. */
function replyOf(instance, key) {
  return new Promise((resolve) => {
    const answer = (reply) => {
      if (reply && reply[key] !== undefined) {
        instance.off('message', answer);
        resolve(reply[key]);
      }
    };
    instance.on('message', answer);
  });
}

/** Asks every worker `message` and answers their replies' `key`. */
function askAll(workers, message, key) {
  return Promise.all(
    workers.map((instance) => {
      const reply = replyOf(instance, key);
      instance.send(message);
      return reply;
    }),
  );
}

/** INSTANCES workers behind one port. */
async function primary() {
  // Migration, seed and sign-in once; the workers reuse the session (it lives in the database).
  const setup = await startLargeAccountApp({ repoRoot, databaseUrl: process.env.DATABASE_URL });
  const signedIn = { token: setup.token, accountId: setup.accountId };
  const campaignId = await activeCampaignId(setup.knex, setup.accountId);
  await setup.stop();

  const workers = Array.from({ length: INSTANCES }, () => cluster.fork({ BENCH_SIGNED_IN: JSON.stringify(signedIn) }));
  const addresses = await Promise.all(workers.map((instance) => replyOf(instance, 'baseURL')));
  // listen(0) in cluster workers shares one port among them.
  if (new Set(addresses).size !== 1) throw new Error(`the instances listen on different addresses: ${addresses.join(', ')}`);
  const baseURL = addresses[0];
  const headers = { Authorization: `Bearer ${signedIn.token}`, 'X-Account-Id': signedIn.accountId };

  process.on('message', async (message) => {
    if (message === 'cpu') {
      const seconds = await askAll(workers, 'cpu', 'cpuSeconds');
      process.send({ cpuSeconds: seconds.reduce((sum, s) => sum + s, cpuSecondsOfThisProcess()) });
      return;
    }
    // As single() does, once every instance is warm: a request on each of 2N new connections reaches
    // each instance at least once, so none reads the session during the captured request.
    if (message && message.capture) {
      const url = `${baseURL}${message.capture}`;
      for (let i = 0; i < 2 * INSTANCES; i += 1) await getOnNewConnection(url, headers);
      await askAll(workers, 'capture-start', 'capturing');
      await getOnNewConnection(url, headers);
      const recorded = await askAll(workers, 'capture-stop', 'statements');
      process.send({ statements: recorded.flat() });
      return;
    }
    if (message !== 'stop') return;
    await Promise.all(workers.map((instance) => new Promise((resolve) => instance.once('exit', resolve).send('stop'))));
    process.exit(0);
  });
  process.send({ baseURL, token: signedIn.token, accountId: signedIn.accountId, activeCampaignId: campaignId });
}

const role = cluster.isWorker ? worker : INSTANCES > 1 ? primary : single;
role().catch((error) => {
  console.error(error);
  process.exit(1);
});
