const { startIsolatedProduct } = require('./product');

module.exports = async function globalSetup() {
  const product = await startIsolatedProduct('main');
  globalThis.__CAUCUS_PRODUCT__ = product;
  // Workers start after globalSetup and inherit this environment.
  process.env.E2E_BASE_URL = product.baseURL;
  process.env.E2E_SQLITE_FILE = product.sqliteFile;
};
