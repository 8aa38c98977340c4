module.exports = async function globalTeardown() {
  await Promise.all((globalThis.__CAUCUS_PRODUCTS__ ?? []).map((product) => product.stop()));
};
