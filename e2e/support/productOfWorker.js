// Before each journey file, in its worker: E2E_BASE_URL and E2E_SQLITE_FILE name that worker's own
// product (globalSetup.js starts one per worker; a run in band is worker 1).
const worker = process.env.JEST_WORKER_ID || '1';
process.env.E2E_BASE_URL = process.env[`E2E_BASE_URL_${worker}`];
process.env.E2E_SQLITE_FILE = process.env[`E2E_SQLITE_FILE_${worker}`];
