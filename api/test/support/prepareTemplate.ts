import fs from 'node:fs';
import { templateCopyScript } from './testDb';

// Run by jest's global setup in a process of its own, on the sources (`--conditions=source --import
// tsx`, as the tests' spawned servers and workers run): builds the MariaDB template and writes the
// script that copies it to the file named on the command line.
const [file] = process.argv.slice(2);
templateCopyScript()
  .then((script) => fs.writeFileSync(file, script))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
