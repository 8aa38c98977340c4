// Benchmarks load the API's TypeScript source through tsx, and the API imports @caucus/contract,
// whose package answers plain node with its build (contract/package.json exports; ADR 0020). Like
// `npm run dev`, a benchmark reads the source instead: required first, this runs the benchmark again
// under `--conditions=source` (in NODE_OPTIONS, so the processes it forks read the source too) when
// it was started without it, so no build of the contract is needed and none can be stale.
const { spawnSync } = require('node:child_process');

const FLAG = '--conditions=source';
const nodeOptions = process.env.NODE_OPTIONS ?? '';
if (!process.execArgv.includes(FLAG) && !nodeOptions.split(/\s+/).includes(FLAG)) {
  const rerun = spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${nodeOptions} ${FLAG}`.trim() },
  });
  process.exit(rerun.status ?? 1);
}
