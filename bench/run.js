#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.js against the production build (built first if
// missing), served the way `npm start` serves it, and prints each benchmark's figures.
require('./support/sourceConditions');
const fs = require('node:fs');
const path = require('node:path');
const { execSync } = require('node:child_process');
const { startIsolatedProduct } = require('../e2e/support/product');
const { launchBrowser } = require('../e2e/support/browser');

const repoRoot = path.resolve(__dirname, '..');

async function main() {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.bench.js'))
    .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
    .sort();

  if (!fs.existsSync(path.join(repoRoot, 'shell', 'dist', 'index.html'))) {
    console.log('No production build found: running npm run build first.');
    execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
  }

  const product = await startIsolatedProduct('bench');
  const browser = await launchBrowser();
  try {
    for (const file of files) {
      const bench = require(path.join(__dirname, file));
      console.log(`\n## ${bench.title}  (${file})`);
      await bench.run({ baseURL: product.baseURL, browser, repoRoot });
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
