#!/usr/bin/env node
// `npm run cluster`: the production topology on this machine (README "Several instances"). Stops
// everything it started on Ctrl-C. CLUSTER_DIR (default /tmp/caucus-cluster) keeps the data
// directories between runs; CLUSTER_PORT_BASE (default 3360) moves every port; CLUSTER_APIS (default 2).
const fs = require('node:fs');
const path = require('node:path');
const { createCluster } = require('./topology');

const repoRoot = path.resolve(__dirname, '..', '..');

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'api', 'dist', 'server.js'))) {
    throw new Error('api/dist is missing: npm run build -w @caucus/contract -w @caucus/api (or npm run build for the whole site)');
  }
  const root = process.env.CLUSTER_DIR || '/tmp/caucus-cluster';
  const cluster = createCluster({
    root,
    base: Number(process.env.CLUSTER_PORT_BASE) || 3360,
    apiCount: Math.max(2, Number(process.env.CLUSTER_APIS) || 2),
    writes: process.env.CLUSTER_WRITES === 'every' ? 'every' : 'one',
    log: (line) => console.log(`[cluster] ${line}`),
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await cluster.start();
  } catch (error) {
    console.error(`[cluster] ${error.message} (logs in ${root}/logs)`);
    await cluster.stop();
    process.exit(1);
  }
  const { ports } = cluster;
  console.log(`
Caucus cluster running:
  web (haproxy)       ${cluster.url}
  API instances       ${ports.api.map((p) => `http://127.0.0.1:${p}`).join(', ')}
  Galera nodes        ${ports.nodes.map((p) => `127.0.0.1:${p}`).join(', ')} (mysql -h127.0.0.1 -P${ports.nodes[0]} -uroot)
  database via haproxy ${ports.db.map((p) => `127.0.0.1:${p}`).join(', ')}
  job worker          BullMQ on Redis, prefix ${cluster.prefix}
  metrics (Prometheus) ${[...ports.metrics.api, ports.metrics.worker].map((p) => `http://127.0.0.1:${p}/metrics`).join(', ')}
  shared files        ${root}/files
  logs                ${root}/logs
Ctrl-C stops it all.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
