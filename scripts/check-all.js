#!/usr/bin/env node
// `npm test`: lanes side by side on the machine's two cores, each step printing its wall time and CPU.
// - checks: the lint first, then the typecheck, every other package's tests, the scripts' tests and
//   Storybook;
// - api: the API suite on SQLite and MariaDB (the two runs side by side);
// - build: the production build, then the browser journeys beside the byte budgets, then (where
//   MariaDB is there) the three-node Galera cluster's suite on the built API.
// All three start at once. The journeys and the cluster wait on timers (a page to draw, a node to
// rejoin) and lose when a core is late; the checks and the API suite only need CPU time, whenever it
// comes. So the checks and the API lanes run at a lower priority (nice 10): they take what the build
// lane leaves, and the cores stay busy without the timed steps waiting behind them. Each lane's
// output is printed whole when it ends (the summary lines CI counts stay intact); a line per step
// says what started. Every step runs even when one before it failed, except those that need the
// build. (Not named test-*.js: `node --test scripts/` would run it.)
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Every package but the API has its jest project (the API's suite runs on both engines apart).
const jestProjects = require(path.join(root, 'package.json')).workspaces.filter(
  (name) => name !== 'api' && fs.existsSync(path.join(root, name, 'jest.config.js')),
);

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

/** `nice` where the platform has it: a background lane's steps yield the cores to the timed ones. */
const NICE = process.platform === 'win32' ? [] : ['nice', '-n', '10'];

function run(lane, label, command, args, output, { background = false } = {}) {
  const started = Date.now();
  process.stderr.write(`[test ${lane}] ${label}\n`);
  return new Promise((resolve) => {
    // Through bash, whose `times` says how much CPU the step and everything it started used (on a
    // 2-core machine the sum of the steps' CPU, not their wall time, is what bounds the run).
    const shell = ['bash', '-c', '"$@"; status=$?; times >&3; exit $status', label, command, ...args];
    const [program, ...programArgs] = background ? [...NICE, ...shell] : shell;
    const child = spawn(program, programArgs, {
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

async function lane(name, steps, { background = false } = {}) {
  const output = [];
  let ok = true;
  for (const step of steps) {
    if (step.needs && !step.needs()) {
      output.push(Buffer.from(`\n[test ${name}] ${step.label}: not run (${step.why})\n`));
      ok = false;
      continue;
    }
    const passed = await run(name, step.label, step.command ?? npm, step.args, output, { background });
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
  const needsBuild = { needs: () => build.passed, why: 'the build failed' };
  const buildSteps = [build, { label: 'browser journeys and byte budgets', command: process.execPath, args: [path.join('e2e', 'run.js')], ...needsBuild }];
  // Where the MariaDB suite runs (CI), the three-node Galera cluster's suite runs on the built API
  // (README, "Several instances"), after the journeys: both wait on timers, and apart they keep them.
  if (/^mysql:\/\//i.test(process.env.DATABASE_URL || '')) buildSteps.push({ label: 'npm run test:cluster', args: ['run', 'test:cluster'], ...needsBuild });
  const lanes = await Promise.all([
    // The lint is the first step started: a wall crossed is the first thing the run says.
    lane(
      'checks',
      [
        { label: 'npm run lint', args: ['run', 'lint'] },
        { label: 'npm run typecheck', args: ['run', 'typecheck'] },
        // One jest over every package's project: one worker pool and one start (105 s against 185 s
        // package after package, quiet).
        {
          label: `tests of ${jestProjects.join(', ')}`,
          command: process.execPath,
          // testTimeout is a global option: under --projects, the packages' own (30 s, in
          // scripts/jest/frontend.config.js) is not read, and jest's 5 s default would apply.
          args: [require.resolve('jest/bin/jest'), '--maxWorkers=2', '--testTimeout=30000', '--projects', ...jestProjects],
        },
        { label: 'npm run test:scripts', args: ['run', 'test:scripts'] },
        { label: 'npm run storybook:build', args: ['run', 'storybook:build'] },
      ],
      { background: true },
    ),
    lane('api', [{ label: 'API tests, SQLite and MariaDB', args: ['test', '-w', 'api'] }], { background: true }),
    lane('build', buildSteps),
  ]);
  const ok = lanes.every(Boolean);
  const serverCpu = [...databaseServerCpu()].reduce((sum, [pid, seconds]) => sum + seconds - (serverCpuBefore.get(pid) ?? 0), 0);
  process.stderr.write(`[test] the MariaDB server used ${Math.round(serverCpu)} CPU s meanwhile (not in the steps' figures)\n`);
  process.stderr.write(`[test] ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s, ${cpuTotal} CPU s\n`);
  // Not process.exit(): a lane's output written to a pipe is sent after this returns, and exit()
  // cut a long one (a failing test's 100 KB message) and the summary lines after it.
  process.exitCode = ok ? 0 : 1;
}

main();
