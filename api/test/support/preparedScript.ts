import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Where jest's global setup leaves the MariaDB template's copy script for the workers (testDb.ts).
// Node built-ins only: the global setup and teardown load this in jest's own process, where the
// contract's package would answer its build (docs/adr/0020-the-contract-package.md), not its source.

/** Set by the global setup for the workers it starts: the file holding this run's copy script. */
export const PREPARED_SCRIPT_ENV = 'CAUCUS_TEST_SCHEMA_COPY_SCRIPT';

export function preparedScriptFile(): string {
  return path.join(os.tmpdir(), `caucus-test-schema-copy-${process.pid}.sql`);
}

/** Removes the script the global setup wrote (jest's global teardown). */
export function removePreparedScript(): void {
  const prepared = process.env[PREPARED_SCRIPT_ENV];
  if (prepared) fs.rmSync(prepared, { force: true });
}
