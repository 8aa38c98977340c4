// A three-node MariaDB Galera cluster on one machine (docs/adr/0013-capacity-and-scale-out.md,
// README "Several instances"): three mariadbd processes with their own data directory, client port,
// group-communication port, IST and SST addresses, all on 127.0.0.1. Debian's mariadb-server ships
// galera-4; rsync does the state transfers.
const { spawn, execFile, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { sleep, waitFor, timeout } = require('./wait');

const PROVIDER = '/usr/lib/galera/libgalera_smm.so';

/** How far above its client port a node's monitoring port is (galera-check.sh computes it so). */
const MONITOR_PORT_OFFSET = 1430;

/**
 * Ports of node i (1-based) from one base, so two clusters on one machine (two checkouts, CI beside
 * a developer) only need different CLUSTER_PORT_BASE values.
 */
function nodePorts(base, i) {
  const mysql = base + i;
  return { mysql, gcomm: base + 1400 + i, ist: base + 1410 + i, sst: base + 1420 + i, monitor: mysql + MONITOR_PORT_OFFSET };
}

/**
 * What Galera needs of every node (the README's "Galera settings"): row-based replication, interleaved
 * auto-increment locks (Galera applies write sets in parallel), InnoDB, and the cluster addresses.
 * wsrep_max_ws_rows bounds a write set; an import batch keeps under it by its size (db/writeSets.ts:
 * a contact's search entries make the bound per imported row up to 5,220), so 1,000,000 (191 rows a
 * batch) leaves the cluster's 150-row batches as they are.
 */
function nodeConfig({ dir, base, i, bufferPool = '64M' }) {
  const ports = nodePorts(base, i);
  const all = [1, 2, 3].map((n) => `127.0.0.1:${nodePorts(base, n).gcomm}`).join(',');
  const donors = `${[3, 2, 1]
    .filter((n) => n !== i)
    .map((n) => `node${n}`)
    .join(',')},`;
  return `[mysqld]
datadir=${dir}/data
port=${ports.mysql}
bind-address=127.0.0.1
socket=${dir}/mysqld.sock
pid-file=${dir}/mysqld.pid
# Its own: a starting mariadbd deletes every #sql file in its tmpdir as left over from its last run,
# and with /tmp shared a node restarting after a crash deleted the temporary tables of the others
# under the statements using them (error EE_DELETE at a contact's save).
tmpdir=${dir}/tmp
log-error=${dir}/error.log
user=mysql
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
default_storage_engine=InnoDB
innodb_buffer_pool_size=${bufferPool}
innodb_log_file_size=64M
innodb_flush_log_at_trx_commit=2
binlog_format=ROW
innodb_autoinc_lock_mode=2
max_connections=400
# A few threads per core run the statements, not one per connection: with a thread each, twenty
# requests in flight time-sliced every statement, and a search's count (5-10 ms alone) took 100-230 ms
# behind them (docs/adr/0013-capacity-and-scale-out.md, "The database's threads").
thread_handling=pool-of-threads
# The health checks' own port, a thread per connection outside the pool: while the cluster drops a
# killed node (evs.suspect_timeout, 5 s) every commit waits, the pool's threads with them, and a
# check on the client port queued behind them for 6.3 s where this port answered in 17 ms. haproxy
# ends an external check after its interval (1 s) and so took a Synced node out of the pool.
extra_port=${ports.monitor}
extra_max_connections=16
# Every deadlock in the error log (copied to the test's logs): which rows two transactions crossed on.
innodb_print_all_deadlocks=ON
wsrep_on=ON
wsrep_provider=${PROVIDER}
wsrep_cluster_name=caucus
wsrep_node_name=node${i}
wsrep_node_address=127.0.0.1
wsrep_cluster_address=gcomm://${all}
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${ports.gcomm};ist.recv_addr=127.0.0.1:${ports.ist};gcache.size=256M;gcache.recover=yes"
wsrep_sst_receive_address=127.0.0.1:${ports.sst}
wsrep_sst_method=rsync
# A rejoining node takes its state from the highest-numbered other node: node 1 (written through
# first) is never the donor of the others, nor node 2 (the first to take over) of node 1. A donor may
# leave Synced while it sends, and then loses its clients (galera-check.sh); the trailing comma lets
# any node serve if those are gone.
wsrep_sst_donor=${donors}
wsrep_slave_threads=4
wsrep_max_ws_rows=1000000
wsrep_max_ws_size=1073741824
# Reads wait until this node has applied every write set committed before them: a user who signs in
# through one API instance (node) and reads through another sees their session and their writes.
wsrep_sync_wait=1
`;
}

function mysqlArgs(port) {
  return ['-h127.0.0.1', `-P${port}`, '-uroot', '--connect-timeout=2'];
}

function query(port, sql) {
  return execFileSync('mysql', [...mysqlArgs(port), '-N', '-B', '-e', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

const STATUS_SQL = "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_state_comment','wsrep_cluster_size','wsrep_ready','wsrep_last_committed')";
const statusOf = (rows) => Object.fromEntries(rows.split('\n').map((line) => line.split('\t')));

function status(port) {
  try {
    return statusOf(query(port, STATUS_SQL));
  } catch {
    return null;
  }
}

/** status() without blocking this process (a node starting or receiving its state may answer late), bounded. */
function statusAsync(port, timeoutMs = 5000) {
  return new Promise((resolve) => {
    execFile('mysql', [...mysqlArgs(port), '-N', '-B', '-e', STATUS_SQL], { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' }, (error, stdout) => {
      resolve(error ? null : statusOf(String(stdout).trim()));
    });
  });
}

/** One Galera node: prepared once (install-db, my.cnf), then started, killed and restarted at will. */
class GaleraNode {
  constructor({ root, base, i, bufferPool, log = () => {} }) {
    this.i = i;
    this.dir = path.join(root, `node${i}`);
    this.ports = nodePorts(base, i);
    this.port = this.ports.mysql;
    this.cnf = path.join(this.dir, 'my.cnf');
    this.base = base;
    this.bufferPool = bufferPool;
    this.log = log;
    this.child = null;
    /** Set by stop(): a crash restart still waiting gives up. */
    this.stopped = false;
    /** The restart after the last crash, while it runs (restartAfterCrash), and its position read. */
    this.restarting = null;
    this.recovery = null;
    /**
     * Exits nobody asked for: when, how, and when the node was back. A node killed by a signal (a
     * crash, the OOM killer) is started again, as Debian's mariadb.service does (Restart=on-abort);
     * one that stopped itself (an exit code: an inconsistency, a bad setting) stays down.
     */
    this.unexpectedExits = [];
  }

  /**
   * The last lines of the node's error log: what it said before it stopped. Without the clients'
   * connections it closed (haproxy cuts them when a node fails over): dozens, and never the cause.
   */
  logTail(lines = 25) {
    try {
      const said = fs.readFileSync(path.join(this.dir, 'error.log'), 'utf8').trimEnd().split('\n');
      return said
        .filter((line) => !line.includes('[Warning] Aborted connection'))
        .slice(-lines)
        .join('\n');
    } catch (error) {
      return `(no error log: ${error.message})`;
    }
  }

  prepare() {
    fs.mkdirSync(path.join(this.dir, 'data'), { recursive: true });
    fs.mkdirSync(path.join(this.dir, 'tmp'), { recursive: true });
    // Written at every start: the settings are this file's, also for a data directory kept from before.
    fs.writeFileSync(this.cnf, nodeConfig({ dir: this.dir, base: this.base, i: this.i, bufferPool: this.bufferPool }));
    // Node 1 gets the system tables; the others receive everything by SST when they join.
    if (this.i === 1 && !fs.existsSync(path.join(this.dir, 'data', 'mysql'))) {
      execFileSync(
        'mariadb-install-db',
        ['--no-defaults', `--datadir=${this.dir}/data`, '--user=mysql', '--auth-root-authentication-method=normal', '--skip-test-db'],
        { stdio: 'ignore' },
      );
    }
    // mariadbd runs as mysql: it must own its folder, or binding the unix socket is refused.
    execFileSync('chown', ['-R', 'mysql:mysql', this.dir]);
  }

  /**
   * After a kill the data directory does not say where the node stopped (grastate seqno -1):
   * --wsrep-recover reads it from InnoDB, so the node can ask its peers for the missing write sets
   * only (IST) instead of a full copy (SST). Asynchronous: the test process runs the clients' requests
   * meanwhile. The position is all it is run for: once its log names it, the process is stopped. A
   * recovery here printed its position within a second and then stayed up (it had opened its port)
   * until cut off, and without the position the node fell back to a full copy that held its donor
   * paused for minutes. A recovery that names no position within 90 s is stopped too (SST then).
   */
  async recoveredPosition() {
    const recoverLog = path.join(this.dir, 'recover.log');
    const named = () => {
      const match = fs.existsSync(recoverLog) ? /Recovered position: ([0-9a-f-]+:-?\d+)/.exec(fs.readFileSync(recoverLog, 'utf8')) : null;
      return match && !match[1].endsWith(':-1') ? match[1] : null;
    };
    const recovery = spawn('mariadbd', [`--defaults-file=${this.cnf}`, '--wsrep-recover', `--log-error=${recoverLog}`], { stdio: 'ignore' });
    this.recovery = recovery;
    let exited = false;
    const exit = new Promise((resolve) => recovery.once('exit', () => resolve((exited = true))));
    try {
      const deadline = Date.now() + 90_000;
      let position = named();
      while (!position && !exited && Date.now() < deadline) {
        await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 250))]);
        position = named();
      }
      // Kept beside the node's own log (copied with the test's logs): why no position came.
      if (!position && fs.existsSync(recoverLog))
        fs.appendFileSync(path.join(this.dir, 'error.log'), `--- --wsrep-recover named no position ---\n${fs.readFileSync(recoverLog, 'utf8')}`);
      return position;
    } finally {
      if (!exited) {
        recovery.kill('SIGKILL');
        await exit;
      }
      fs.rmSync(recoverLog, { force: true });
    }
  }

  async start({ bootstrap = false } = {}) {
    this.stopped = false;
    const args = [`--defaults-file=${this.cnf}`];
    if (bootstrap) args.push('--wsrep-new-cluster');
    else {
      const position = fs.existsSync(path.join(this.dir, 'data', 'ibdata1')) ? await this.recoveredPosition() : null;
      if (position) args.push(`--wsrep_start_position=${position}`);
    }
    // stop() while the position was being read: the node stays down.
    if (this.stopped) return null;
    this.log(`galera node${this.i}: starting on ${this.port}${bootstrap ? ' (new cluster)' : ''}`);
    const child = spawn('mariadbd', args, { stdio: 'ignore', detached: false });
    this.child = child;
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (child.stopRequested) return;
      const exit = { at: Date.now(), code, signal, restarted: null, syncedAt: null };
      this.unexpectedExits.push(exit);
      this.log(`galera node${this.i}: exited on its own (${signal ?? `code ${code}`}); the end of its log:\n${this.logTail().replace(/^/gm, '  | ')}`);
      if (signal)
        this.restarting = exit.restarted = this.restartAfterCrash(exit).catch((error) => {
          this.log(`galera node${this.i}: not restarted: ${error.message}`);
          return false;
        });
    });
    return child;
  }

  status() {
    return status(this.port);
  }

  /**
   * Until the other nodes have dropped this node's dead process from their view (evs.suspect_timeout,
   * 5 s), at most 30 s. A node started again before that, with the identity it saved (gvwstate.dat),
   * met its own ghost in the join: here the whole cluster left the primary component for a second.
   */
  async forgottenByPeers() {
    const peers = [1, 2, 3].filter((n) => n !== this.i).map((n) => nodePorts(this.base, n).mysql);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !this.stopped) {
      const views = (await Promise.all(peers.map((port) => statusAsync(port)))).filter(Boolean);
      if (views.every((view) => Number(view.wsrep_cluster_size) < 3)) return;
      await sleep(500);
    }
  }

  async isSynced() {
    const s = await statusAsync(this.port);
    return Boolean(s && s.wsrep_local_state_comment === 'Synced' && s.wsrep_ready === 'ON');
  }

  async waitSynced(timeoutMs = 120_000) {
    await waitFor(() => this.isSynced(), { timeoutMs, what: `galera node${this.i} Synced` });
  }

  /** After a crash, as a supervisor would: started again once forgotten; true once it is Synced. */
  async restartAfterCrash(exit) {
    await this.forgottenByPeers();
    // Whoever stopped the cluster meanwhile wants it down: nothing is started behind their back.
    if (this.stopped) return false;
    await this.start();
    await waitFor(async () => this.stopped || (await this.isSynced()), { timeoutMs: 300_000, what: `galera node${this.i} Synced` });
    if (this.stopped) return false;
    exit.syncedAt = Date.now();
    this.log(`galera node${this.i}: Synced again after its exit`);
    return true;
  }

  /** A crash: no shutdown, nothing flushed beyond what InnoDB already made durable. */
  kill() {
    if (!this.child) return false;
    this.log(`galera node${this.i}: kill -9 ${this.child.pid}`);
    this.child.stopRequested = true;
    this.child.kill('SIGKILL');
    return true;
  }

  /** A clean shutdown (the data directory is used again), or with `graceful: false` a kill. */
  async stop({ graceful = true } = {}) {
    this.stopped = true;
    // A restart after a crash gives up (its position read cut short) before the node is stopped.
    if (this.recovery && this.recovery.exitCode === null) this.recovery.kill('SIGKILL');
    if (this.restarting) await Promise.race([this.restarting, timeout(30_000)]);
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stopRequested = true;
    child.kill(graceful ? 'SIGTERM' : 'SIGKILL');
    await Promise.race([exited, timeout(30_000)]);
    if (this.child) child.kill('SIGKILL');
  }
}

/** Three nodes under root: node 1 bootstraps, nodes 2 and 3 join it (SST the first time). */
function createGalera({ root, base, bufferPool, log }) {
  const nodes = [1, 2, 3].map((i) => new GaleraNode({ root, base, i, bufferPool, log }));
  return {
    nodes,
    async start() {
      for (const node of nodes) node.prepare();
      // The node that bootstraps must be one whose state is newest; on a fresh or cleanly stopped
      // cluster, node 1. safe_to_bootstrap marks it after a clean shutdown.
      const grastate = path.join(nodes[0].dir, 'data', 'grastate.dat');
      if (fs.existsSync(grastate)) {
        fs.writeFileSync(grastate, fs.readFileSync(grastate, 'utf8').replace(/safe_to_bootstrap: 0/, 'safe_to_bootstrap: 1'));
      }
      await nodes[0].start({ bootstrap: true });
      await nodes[0].waitSynced();
      // One joiner at a time: a donor serves one SST, and a second joiner would wait on it anyway.
      for (const node of nodes.slice(1)) {
        await node.start();
        await node.waitSynced();
      }
      log(`galera: 3 nodes Synced, cluster size ${nodes[0].status().wsrep_cluster_size}`);
    },
    async stop({ graceful = true } = {}) {
      // Last one out is the safe bootstrap node next time: stop 3, 2, then 1.
      for (const node of [...nodes].reverse()) await node.stop({ graceful });
    },
  };
}

module.exports = { createGalera, nodePorts, nodeConfig, query, status };
