#!/usr/bin/env node
// `npm test`: lanes side by side, because no one of them alone keeps two cores busy. The lint runs
// first, beside the production build; once the lint is done, the API lane (the API suite on SQLite
// and MariaDB, mostly waiting on the database server, then the Galera cluster's suite where MariaDB
// is there) and the apps lane (typecheck, every other package's tests, Storybook) start; the
// journeys lane walks the browser journeys and measures the byte budgets as soon as the build is
// done. Each lane's output is printed whole when it ends (the summary lines CI counts stay intact);
// a line per step says what started. Every step runs even when one before it failed, except those
// that need the build. (Not named test-*.js: `node --test scripts/` would run it.)
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const workspaces = require(path.join(root, 'package.json')).workspaces.filter((name) => name !== 'api');

/** The children's user + system seconds out of bash's `times` (its second line: "1m2.5s 0m3.1s"). */
function cpuSeconds(times) {
  const children = times.trim().split('\n')[1];
  if (!children) return null;
  const total = children
    .trim()
    .split(/\s+/)
    .map((part) => /^(\d+)m([\d.]+)s$/.exec(part))
    .reduce((sum, match) => sum + (match ? Number(match[1]) * 60 + Number(match[2]) : 0), 0);
  return Math.round(total);
}

let cpuTotal = 0;

/**
 * CPU seconds used so far by each running database server (`mariadbd`), by pid: a server is no child
 * of `npm test`, so `times` does not count what the suites cost it. Linux only; elsewhere empty.
 */
function databaseServerCpu() {
  const seconds = new Map();
  let pids = [];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return seconds;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(mariadbd)') && !stat.includes('(mysqld)')) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return seconds;
}

function run(lane, label, command, args, output) {
  const started = Date.now();
  process.stderr.write(`[test ${lane}] ${label}\n`);
  return new Promise((resolve) => {
    // Through bash, whose `times` says how much CPU the step and everything it started used (on a
    // 2-core machine the sum of the steps' CPU, not their wall time, is what bounds the run).
    const child = spawn('bash', ['-c', '"$@"; status=$?; times >&3; exit $status', label, command, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let times = '';
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const cpu = cpuSeconds(times);
      cpuTotal += cpu ?? 0;
      const line = `[test ${lane}] ${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s${cpu === null ? '' : `, ${cpu} CPU s`}\n`;
      output.push(Buffer.from(`\n${line}`));
      process.stderr.write(line);
      resolve(code === 0);
    });
  });
}

async function lane(name, steps) {
  const output = [];
  let ok = true;
  for (const step of steps) {
    if (step.after) await step.after;
    if (step.needs && !step.needs()) {
      output.push(Buffer.from(`\n[test ${name}] ${step.label}: not run (${step.why})\n`));
      ok = false;
      continue;
    }
    const passed = await run(name, step.label, step.command ?? npm, step.args, output);
    step.passed = passed;
    ok = ok && passed;
  }
  process.stdout.write(`\n===== ${name} =====\n${Buffer.concat(output).toString()}`);
  return ok;
}

async function main() {
  const started = Date.now();
  const serverCpuBefore = databaseServerCpu();
  const build = { label: 'npm run build', args: ['run', 'build'] };
  // The build needs nothing of the lint: it starts beside it, so the journeys (the longest chain)
  // start as early as they can. The tests wait for the lint, which runs first.
  const linted = lane('lint', [{ label: 'npm run lint', args: ['run', 'lint'] }]);
  const built = lane('build', [build]);
  const needsBuild = { after: built, needs: () => build.passed, why: 'the build failed' };
  const journeys = lane('journeys', [
    { label: 'browser journeys and byte budgets', command: process.execPath, args: [path.join('e2e', 'run.js')], ...needsBuild },
  ]);
  const lint = await linted;
  const apiSteps = [{ label: 'API tests, SQLite and MariaDB', args: ['test', '-w', 'api'] }];
  // Where the MariaDB suite runs (CI), the three-node Galera cluster's suite follows it, on the
  // built API (README, "Several instances").
  if (/^mysql:\/\//i.test(process.env.DATABASE_URL || '')) apiSteps.push({ label: 'npm run test:cluster', args: ['run', 'test:cluster'], ...needsBuild });
  const lanes = await Promise.all([
    built,
    journeys,
    lane('api', apiSteps),
    lane('apps', [
      { label: 'npm run typecheck', args: ['run', 'typecheck'] },
      { label: `tests of ${workspaces.join(', ')}`, args: ['test', '--if-present', ...workspaces.flatMap((name) => ['-w', name])] },
      { label: 'npm run test:scripts', args: ['run', 'test:scripts'] },
      { label: 'npm run storybook:build', args: ['run', 'storybook:build'] },
    ]),
  ]);
  const ok = lint && lanes.every(Boolean);
  const serverCpu = [...databaseServerCpu()].reduce((sum, [pid, seconds]) => sum + seconds - (serverCpuBefore.get(pid) ?? 0), 0);
  process.stderr.write(`[test] the MariaDB server used ${Math.round(serverCpu)} CPU s meanwhile (not in the steps' figures)\n`);
  process.stderr.write(`[test] ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s, ${cpuTotal} CPU s\n`);
  // Not process.exit(): a lane's output written to a pipe is sent after this returns, and exit()
  // cut a long one (a failing test's 100 KB message) and the summary lines after it.
  process.exitCode = ok ? 0 : 1;
}

main();
