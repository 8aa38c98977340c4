module.exports = async function globalTeardown() {
  await globalThis.__CAUCUS_PRODUCT__?.stop();
};
