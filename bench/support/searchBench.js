// One shape for the search benchmarks: ten warm-up searches, then rounds that interleave the kinds
// of term (so a slow moment of the machine does not land on one kind only), measured on a quiet API
// and while a second client keeps requests in flight (latency.js), p50/p95 per kind beside the target.
const { mysqlUrlOrSkip, timeGet } = require('./mariadb');
const { measureUnloadedAndLoaded } = require('./latency');
const { startApiProcess } = require('./processes');

const WARM_UP = ['Will', 'Chen', 'Summit', 'gmail', '(415)', '0142', 'Anna Wong', 'xyzzy', 'Kim', '.org'];

/**
 * @param {object} options
 * @param {(term: string) => string} options.pathFor the API path that searches for a term
 * @param {Record<string, string[]>} options.termsByKind
 * @param {number} options.targetMs
 * @param {number} options.rounds
 */
async function runSearchBenchmark({ pathFor, termsByKind, targetMs, rounds }) {
  if (!mysqlUrlOrSkip()) return;
  const api = await startApiProcess();
  try {
    const search = (term) => timeGet(api, pathFor(term));
    const measure = async () => {
      for (const term of WARM_UP) await search(term);
      const samplesByKind = new Map(Object.keys(termsByKind).map((kind) => [kind, []]));
      for (let round = 0; round < rounds; round++) {
        for (const [kind, terms] of Object.entries(termsByKind)) {
          for (const term of terms) samplesByKind.get(kind).push((await search(term)).ms);
        }
      }
      return samplesByKind;
    };
    await measureUnloadedAndLoaded(api, measure, { targetMs, withAll: true });
  } finally {
    await api.stop();
  }
}

/** `node bench/<name>.bench.js` runs one benchmark alone, without the browser runner. */
function runWhenMain(mod, benchmark) {
  if (require.main !== mod) return;
  benchmark.run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { runSearchBenchmark, runWhenMain };
