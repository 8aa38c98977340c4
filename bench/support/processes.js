// The API, a bare Koa handler and a background load, each in its own process (see the files beside).
const path = require('node:path');
const { fork } = require('node:child_process');
const { API_NODE_FLAGS } = require('../../scripts/lib/apiRuntime');

function forkAndWait(file, { execArgv = [], env = process.env } = {}) {
  const child = fork(path.join(__dirname, file), [], { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before it was ready`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.send('stop');
    });
  return { child, ready, stop };
}

/**
 * The API on the large account, in a child process; `cpuProfDir` writes a CPU profile there at stop.
 * cpuSeconds() answers the CPU time the process has used so far. `instances` > 1 runs that many API
 * instances behind one port (apiProcess.js); cpuSeconds() then covers them all.
 */
async function startApiProcess({ cpuProfDir, instances = 1 } = {}) {
  // The node flags production starts the API with (scripts/lib/apiRuntime.js).
  const execArgv = [...API_NODE_FLAGS, ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [])];
  // NODE_ENV as `npm start` runs it (the app's config is given explicitly in mariadb.js; this is for the libraries).
  const env = { ...process.env, NODE_ENV: 'production', BENCH_API_INSTANCES: String(instances) };
  const proc = forkAndWait('apiProcess.js', { execArgv, env });
  const info = await proc.ready;
  const cpuSeconds = () =>
    new Promise((resolve) => {
      const answer = (message) => {
        if (message && typeof message.cpuSeconds === 'number') {
          proc.child.off('message', answer);
          resolve(message.cpuSeconds);
        }
      };
      proc.child.on('message', answer);
      proc.child.send('cpu');
    });
  const captureSql = (urlPath) =>
    new Promise((resolve) => {
      const answer = (message) => {
        if (message && Array.isArray(message.statements)) {
          proc.child.off('message', answer);
          resolve(message.statements);
        }
      };
      proc.child.on('message', answer);
      proc.child.send({ capture: urlPath });
    });
  return { ...info, headers: { Authorization: `Bearer ${info.token}`, 'X-Account-Id': info.accountId }, cpuSeconds, captureSql, stop: proc.stop };
}

async function startBareKoa() {
  const proc = forkAndWait('bareKoa.js');
  const info = await proc.ready;
  return { ...info, stop: proc.stop };
}

/**
 * A second client keeping `connections` requests in flight against `paths` of the API until stop(),
 * which answers { requests, non2xx, errors }.
 */
async function startBackgroundLoad(api, paths, connections = 20) {
  const proc = forkAndWait('loadProcess.js');
  proc.child.send({ baseURL: api.baseURL, headers: api.headers, paths, connections });
  await proc.ready;
  const result = new Promise((resolve) => proc.child.once('message', resolve));
  return {
    async stop() {
      proc.child.send('stop');
      const summary = await result;
      await proc.stop();
      return summary;
    },
  };
}

module.exports = { startApiProcess, startBareKoa, startBackgroundLoad };
