// Starts the built product exactly as `npm start` serves it, but on a free port with its own
// site folder and SQLite file, so journeys never touch a developer's ./data or ./site.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { startProduct } = require('../../scripts/start.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startIsolatedProduct(label) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `caucus-e2e-${label}-`));
  const port = await freePort();
  const siteDir = path.join(workDir, 'site');
  const sqliteFile = path.join(workDir, 'caucus.sqlite');
  const product = startProduct({
    port,
    siteDir,
    stdio: 'inherit',
    env: { SQLITE_FILE: sqliteFile, PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  await product.ready;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    siteDir,
    workDir,
    sqliteFile,
    async stop() {
      await product.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

module.exports = { startIsolatedProduct, freePort };
