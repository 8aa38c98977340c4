// A MariaDB server of the benchmark's own: its data directory under /tmp, its own port, a
// production-sized buffer pool and production's thread pool (the shared service runs the default 128
// MB and a thread per connection, which a production database server does not). Started by the
// benchmark, stopped and its data directory removed after, so the figures measured on it never depend
// on what else the shared server holds or runs.
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DEFAULT_PORT = Number(process.env.BENCH_MARIADB_PORT || 3390);
const DEFAULT_BUFFER_POOL = process.env.BENCH_MARIADB_BUFFER_POOL || '4G';

function canConnect(port) {
  try {
    execFileSync('mysql', ['-h127.0.0.1', `-P${port}`, '-uroot', '--connect-timeout=2', '-N', '-B', '-e', 'SELECT 1'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts mariadbd on 127.0.0.1:`port` with a fresh data directory. Answers { url, port, dir, stop };
 * always call stop(), which shuts the server down and removes the directory.
 */
async function startPrivateMariadb({ port = DEFAULT_PORT, bufferPool = DEFAULT_BUFFER_POOL, log = console.log } = {}) {
  if (canConnect(port)) throw new Error(`port ${port} already answers MySQL: set BENCH_MARIADB_PORT to a free port`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-bench-mariadb-'));
  // mariadbd runs as mysql and must reach its directory (mkdtemp makes it 0700).
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const tmpDir = path.join(dir, 'tmp');
  fs.mkdirSync(tmpDir);
  const cnf = path.join(dir, 'my.cnf');
  fs.writeFileSync(
    cnf,
    `[mysqld]
datadir=${dataDir}
port=${port}
bind-address=127.0.0.1
socket=${dir}/mysqld.sock
pid-file=${dir}/mysqld.pid
log-error=${dir}/error.log
# Its own: a starting mariadbd deletes every #sql file in its tmpdir, those of the shared server in /tmp too.
tmpdir=${tmpDir}
user=mysql
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
default_storage_engine=InnoDB
innodb_buffer_pool_size=${bufferPool}
innodb_log_file_size=1G
max_connections=400
# As the production topology runs it (scripts/cluster/galera.js).
thread_handling=pool-of-threads
skip-log-bin
`,
  );
  let child = null;
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    log(`  private mariadbd on ${port} stopped; ${dir} removed`);
  };
  try {
    execFileSync(
      'mariadb-install-db',
      ['--no-defaults', `--datadir=${dataDir}`, '--user=mysql', '--auth-root-authentication-method=normal', '--skip-test-db'],
      { stdio: 'ignore' },
    );
    execFileSync('chown', ['-R', 'mysql:mysql', dir]);
    child = spawn('mariadbd', [`--defaults-file=${cnf}`], { stdio: 'ignore' });
    const started = Date.now();
    while (!canConnect(port)) {
      if (child.exitCode !== null)
        throw new Error(
          `mariadbd exited with ${child.exitCode}: ${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-2000) : ''}`,
        );
      if (Date.now() - started > 120_000) throw new Error('mariadbd did not answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const version = execFileSync('mysql', ['-h127.0.0.1', `-P${port}`, '-uroot', '-N', '-B', '-e', 'SELECT VERSION()'], { encoding: 'utf8' }).trim();
    log(
      `  started a private mariadbd ${version} for this benchmark: 127.0.0.1:${port}, --datadir ${dataDir}, innodb_buffer_pool_size=${bufferPool}, thread_handling=pool-of-threads (pid ${child.pid}, up in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return { url: `mysql://root@127.0.0.1:${port}/`, port, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startPrivateMariadb };
