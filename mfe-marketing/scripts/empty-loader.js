// Global CSS has nothing to give the prerender (ADR 0008): it becomes an empty module there.
module.exports = function emptyModule() {
  return 'export {};';
};
