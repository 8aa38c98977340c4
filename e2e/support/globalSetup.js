const { startIsolatedProduct } = require('./product');

/**
 * One product per jest worker, each with its own SQLite file and port: journeys sign in as the demo
 * account and change its data, so two walking at once must not walk the same account. A worker's
 * journeys still run one after another on its product, as they always have.
 */
module.exports = async function globalSetup(globalConfig) {
  const workers = Math.max(1, globalConfig.maxWorkers);
  const products = await Promise.all(Array.from({ length: workers }, (_, index) => startIsolatedProduct(`worker${index + 1}`)));
  globalThis.__CAUCUS_PRODUCTS__ = products;
  // Workers start after globalSetup and inherit this environment; productOfWorker.js picks theirs.
  products.forEach((product, index) => {
    process.env[`E2E_BASE_URL_${index + 1}`] = product.baseURL;
    process.env[`E2E_SQLITE_FILE_${index + 1}`] = product.sqliteFile;
  });
};
