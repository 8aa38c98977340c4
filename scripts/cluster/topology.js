// The production topology on one machine (docs/adr/0013-capacity-and-scale-out.md): a three-node
// Galera cluster, haproxy in front of both the API instances (HTTP) and the database nodes (TCP, one
// preferred node per client with the others as backups), two or more API instances, a BullMQ job
// worker on Redis, and one files directory every instance shares.
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { API_NODE_FLAGS } = require('../lib/apiRuntime');
const { createGalera, nodePorts, query } = require('./galera');
const { waitFor, timeout } = require('./wait');

const repoRoot = path.resolve(__dirname, '..', '..');
const DATABASE = 'caucus';

/** Every port of the topology from one base (CLUSTER_PORT_BASE, default 3360). */
function topologyPorts(base, apiCount) {
  return {
    haproxyHttp: base + 5000,
    api: Array.from({ length: apiCount }, (_, k) => base + 5001 + k),
    // Each process's metrics (METRICS_PORT, api/src/metrics): the worker's first, then instance k's.
    metrics: { worker: base + 6000, api: Array.from({ length: apiCount }, (_, k) => base + 6001 + k) },
    // haproxy's database frontends, one per client (API instance k, the worker last).
    db: [1, 2, 3].map((i) => base + 10 + i),
    nodes: [1, 2, 3].map((i) => nodePorts(base, i).mysql),
  };
}

/**
 * writes 'one' (default): every client writes through node 1, failing over to node 2, then 3. Galera
 * takes writes on every node, but rows every save touches (the account's tallies, ADR 0002) written
 * through two nodes conflict at COMMIT (certification) where through one node they wait for a row
 * lock: a long transaction (an import batch) would have to commit between the short saves committed
 * meanwhile on the other nodes (docs/adr/0013-capacity-and-scale-out.md).
 * writes 'every': client k prefers node k + 1 (multi-master).
 */
function haproxyConfig({ ports, checkScript, statsSocket, writes = 'one' }) {
  // observe layer4: a refused or reset connection in live traffic marks the server down at once,
  // without waiting for the next health checks.
  const apiServers = ports.api
    .map((port, k) => `  server api${k + 1} 127.0.0.1:${port} check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down`)
    .join('\n');
  // With one write node, every client's port is bound in one section: one set of health checks
  // decides for all of them, so they all leave node 1 and come back to it at the same moment. With a
  // section per client, each on its own checks, each marked node 1 up again at its own moment, and
  // clients wrote through two nodes meanwhile: up to 17 local transactions on node 1 aborted for
  // node 2's write sets in one run, two saves out of retries (docs/adr/0013-capacity-and-scale-out.md).
  // One section also runs a third of the checks, each a mysql client forked every second.
  const sections = writes === 'every' ? ports.db.map((port) => [port]) : [ports.db];
  const dbFrontends = sections
    .map((sectionPorts, k) => {
      const preferred = writes === 'every' ? k % ports.nodes.length : 0;
      // The preferred node first, then the others in order: without allbackups haproxy uses the
      // first backup that is up, so all clients fail over to the same node.
      const order = [preferred, ...ports.nodes.map((_, n) => n).filter((n) => n !== preferred)];
      const servers = order
        .map(
          (n) =>
            `  server node${n + 1} 127.0.0.1:${ports.nodes[n]} check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down${n === preferred ? '' : ' backup'}`,
        )
        .join('\n');
      return `listen galera${k + 1}
${sectionPorts.map((port) => `  bind 127.0.0.1:${port}`).join('\n')}
  mode tcp
  retries 3
  option redispatch
  timeout client 1h
  timeout server 1h
  option external-check
  external-check command ${checkScript}
  external-check path "/usr/bin:/bin"
  # A node that fails its check loses its sessions at once, so clients reconnect to one that works;
  # when the preferred node is Synced again, the sessions on the backup are cut too, so that clients
  # never write through two nodes for long (a transaction cut before COMMIT is retried, inTransaction).
  default-server on-marked-down shutdown-sessions on-marked-up shutdown-backup-sessions
${servers}`;
    })
    .join('\n\n');
  // Which servers haproxy sends clients to (serverStates): the moment it moves them is what the
  // failover test times failures from, not the moment a node says it is Synced.
  const stats = statsSocket ? `  stats socket ${statsSocket} mode 600 level user\n` : '';
  return `global
  maxconn 4000
  insecure-fork-wanted
  external-check
${stats}
defaults
  # A busy machine answers a health check late; only a dead or stopped server should leave the pool
  # (a refused connection is seen at once through observe layer4). This bounds the API's HTTP checks:
  # an external check (the database nodes') is ended after its interval, 1 s, whatever this says
  # (haproxy 2.6 here), so galera-check.sh asks where a node answers at once.
  timeout check 5s
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  log global

frontend web
  bind 127.0.0.1:${ports.haproxyHttp}
  mode http
  option forwardfor
  default_backend api

backend api
  mode http
  balance roundrobin
  # Health: the API answers /api/health once it serves; a stopped or killed instance leaves the pool.
  option httpchk GET /api/health
  # A request whose connection to an instance failed (it had just died) goes to another one.
  retries 2
  option redispatch
${apiServers}

${dbFrontends}
`;
}

function probe(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** A child process whose output goes to a log file, and whose exit is known. */
function spawnLogged(command, args, { env, logFile, cwd = repoRoot }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

/**
 * Secrets every instance must share (ADR 0013 "One product on many instances"): TOTP_ENCRYPTION_KEY
 * seals two-factor secrets and FILE_URL_SECRET signs file links, so a secret made up per process
 * would make one instance refuse what another issued. Kept in the cluster folder across restarts.
 */
function sharedSecrets(root) {
  const file = path.join(root, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const secrets = { TOTP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'), FILE_URL_SECRET: crypto.randomBytes(32).toString('hex') };
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * @param {object} options
 * @param {string} options.root        folder for data directories, logs and shared files
 * @param {number} [options.base]      port base (CLUSTER_PORT_BASE)
 * @param {number} [options.apiCount]  API instances (at least 2)
 * @param {Record<string,string>} [options.env] extra environment for the API instances and the worker
 * @param {(line: string) => void} [options.log]
 */
function createCluster({ root, base = 3360, apiCount = 2, env: extraEnv = {}, log = () => {}, bufferPool, writes = 'one' } = {}) {
  fs.mkdirSync(root, { recursive: true });
  // mariadbd runs as mysql and must reach its data directory below root (mkdtemp makes it 0700).
  fs.chmodSync(root, 0o755);
  const logs = path.join(root, 'logs');
  const filesDir = path.join(root, 'files');
  fs.mkdirSync(logs, { recursive: true });
  fs.mkdirSync(filesDir, { recursive: true });
  const ports = topologyPorts(base, apiCount);
  const galera = createGalera({ root, base, bufferPool, log });
  const secrets = sharedSecrets(root);
  const prefix = `caucus-cluster-${base}`;
  const url = `http://127.0.0.1:${ports.haproxyHttp}`;
  const apis = ports.api.map(() => null);
  let haproxy = null;
  let worker = null;

  const checkScript = path.join(__dirname, 'galera-check.sh');
  const statsSocket = path.join(root, 'haproxy.sock');
  const dbUrl = (k) => `mysql://root@127.0.0.1:${ports.db[k % 3]}/${DATABASE}`;

  function baseEnv() {
    const staticDir = path.join(repoRoot, 'site');
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      REDIS_URL: process.env.CLUSTER_REDIS_URL || 'redis://127.0.0.1:6379',
      JOBS_PREFIX: prefix,
      FILES_DIR: filesDir,
      TRUST_PROXY: 'true',
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'true',
      // A killed worker's import is taken over after 5 s, not the default 30 s.
      IMPORT_LEASE_MS: '5000',
      // Short import transactions: a batch holds the account's figures (ADR 0002's last lock) from its
      // derived rows until it commits (from its first write when it creates contacts), and a gift
      // saved meanwhile waits for them (docs/adr/0013-capacity-and-scale-out.md). On this machine at
      // load 20 a 250-row batch took 1-3 s when a contact wrote ~42 search entries; it writes ~148 now.
      IMPORT_BATCH_SIZE: process.env.CLUSTER_IMPORT_BATCH_SIZE || '150',
      ...(fs.existsSync(path.join(staticDir, 'index.html')) ? { STATIC_DIR: staticDir } : {}),
      ...secrets,
      ...extraEnv,
    };
  }

  function startApi(k) {
    const port = ports.api[k];
    const child = spawnLogged(process.execPath, [...API_NODE_FLAGS, path.join(repoRoot, 'api', 'dist', 'server.js')], {
      env: { ...baseEnv(), PORT: String(port), DATABASE_URL: dbUrl(k), JOBS_WORKER: 'false', METRICS_PORT: String(ports.metrics.api[k]) },
      logFile: path.join(logs, `api${k + 1}.log`),
    });
    apis[k] = child;
    child.exited.then(() => {
      if (apis[k] === child) apis[k] = null;
    });
    log(`api${k + 1}: pid ${child.pid} on ${port}, metrics on ${ports.metrics.api[k]} (database through haproxy ${ports.db[k % 3]})`);
    return waitFor(() => probe(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 90_000, what: `api${k + 1} health` });
  }

  function startWorker() {
    worker = spawnLogged(process.execPath, [path.join(repoRoot, 'api', 'dist', 'worker.js')], {
      // Its own database frontend (with writes 'every', the third node).
      env: { ...baseEnv(), DATABASE_URL: dbUrl(2), JOBS_STALLED_MS: '5000', METRICS_PORT: String(ports.metrics.worker) },
      logFile: path.join(logs, 'worker.log'),
    });
    const child = worker;
    child.exited.then(() => {
      if (worker === child) worker = null;
    });
    log(`worker: pid ${child.pid}, metrics on ${ports.metrics.worker} (database through haproxy ${ports.db[2]})`);
    return child;
  }

  async function startHaproxy() {
    const cfg = path.join(root, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig({ ports, checkScript, statsSocket, writes }));
    haproxy = spawnLogged('haproxy', ['-db', '-f', cfg], { env: process.env, logFile: path.join(logs, 'haproxy.log') });
    await waitFor(() => probeTcp(ports.db[0]), { timeoutMs: 10_000, what: 'haproxy' });
    log(`haproxy: pid ${haproxy.pid}, web ${url}, database ${ports.db.join(', ')}`);
  }

  // Whatever ends this process (a failed test, Ctrl-C in a runner that exits at once) must not leave
  // mariadbd, haproxy or Node children behind.
  const killAllNow = () => {
    for (const child of [...apis, worker, haproxy, ...galera.nodes.map((node) => node.child)]) {
      if (child && child.exitCode === null) child.kill('SIGKILL');
    }
  };
  process.once('exit', killAllNow);

  return {
    root,
    ports,
    url,
    galera,
    prefix,
    apiUrl: (k) => `http://127.0.0.1:${ports.api[k]}`,
    apis: () => apis,
    worker: () => worker,
    startApi,
    startWorker,
    /** haproxy's view of each server, as 'section/server' → 'UP', 'DOWN', 'UP 1/2' (rising)... */
    serverStates: () => serverStates(statsSocket),
    async start() {
      const started = Date.now();
      await galera.start();
      query(ports.nodes[0], `CREATE DATABASE IF NOT EXISTS ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await startHaproxy();
      // The first instance migrates alone; the others start on a schema already current.
      await startApi(0);
      await Promise.all(ports.api.slice(1).map((_, k) => startApi(k + 1)));
      startWorker();
      await waitFor(() => probe(`${url}/api/health`), { timeoutMs: 10_000, what: 'haproxy to see an API instance' });
      log(`cluster up in ${Math.round((Date.now() - started) / 1000)} s: ${url}`);
    },
    /**
     * Stops everything: cleanly by default (`npm run cluster` starts again on the same data), or with
     * `graceful: false` by SIGKILL, for a run whose folder is removed afterwards (the test: a clean
     * shutdown of three nodes under load took about a minute).
     */
    async stop({ graceful = true } = {}) {
      const signal = graceful ? 'SIGTERM' : 'SIGKILL';
      const children = [...apis, worker].filter(Boolean);
      for (const child of children) child.kill(signal);
      await Promise.race([Promise.all(children.map((child) => child.exited)), timeout(15_000)]);
      for (const child of children) child.kill('SIGKILL');
      if (haproxy) {
        haproxy.kill(signal);
        await Promise.race([haproxy.exited, timeout(5000)]);
      }
      await galera.stop({ graceful });
    },
  };
}

/** `show stat` on haproxy's stats socket: its CSV's status column, by section and server. */
function serverStates(socketPath) {
  return new Promise((resolve, reject) => {
    let csv = '';
    const socket = require('node:net').connect(socketPath, () => socket.end('show stat\n'));
    socket.setEncoding('utf8');
    socket.setTimeout(2000, () => socket.destroy(new Error('haproxy stats socket: no answer in 2 s')));
    socket.on('data', (chunk) => (csv += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...rows] = csv.trim().split('\n');
      const column = header.replace(/^# /, '').split(',');
      const at = (name) => column.indexOf(name);
      const states = {};
      for (const row of rows) {
        const cells = row.split(',');
        states[`${cells[at('pxname')]}/${cells[at('svname')]}`] = cells[at('status')];
      }
      resolve(states);
    });
  });
}

function probeTcp(port) {
  return new Promise((resolve) => {
    const socket = require('node:net').connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

module.exports = { createCluster, topologyPorts, haproxyConfig, DATABASE };
