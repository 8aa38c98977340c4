import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PREPARED_SCRIPT_ENV, preparedScriptFile } from './preparedScript';

/**
 * Once per jest run, before the workers start: the MariaDB template every test database copies
 * (testDb.ts). Built in a child process on the sources, so no build of the contract is needed.
 */
export default function globalSetup(): void {
  if (process.env.TEST_ENGINE !== 'mysql') return;
  const file = preparedScriptFile();
  const built = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(__dirname, 'prepareTemplate.ts'), file], {
    cwd: path.join(__dirname, '..', '..'),
    env: process.env,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the MariaDB test template failed (exit ${built.status ?? built.signal})`);
  process.env[PREPARED_SCRIPT_ENV] = file;
}
