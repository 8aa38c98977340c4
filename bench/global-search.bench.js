// GET /api/search?q=… (the top bar's suggestions: five contacts, campaigns, events and lists) for the
// large benchmark account (100,000 contacts) on MariaDB/MySQL: p50/p95 over three rounds of 40
// varied terms, through the real app (HTTP, session, JSON), on a quiet API and while a second client
// keeps 20 requests in flight (support/latency.js), after ten warm-up searches. The terms are what a
// person types into the top bar: the first letters of a name, a whole name, an email or phone
// fragment, a campaign, event or list word, and words that match nothing.
// Needs DATABASE_URL=mysql://...; uses the database `caucus_bench` (see support/mariadb.js).
const { IN_FLIGHT } = require('./support/latency');
const { runSearchBenchmark, runWhenMain } = require('./support/searchBench');

const TARGET_MS = 100;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS || 3);

const TERMS = {
  'first letters': ['Th', 'Ca', 'Ro', 'Ma', 'Le', 'Br', 'Ga', 'Ng', 'Sa', 'Du'],
  'whole name': [
    'Carlos Thomas',
    'Betty Martin',
    'Margaret Roberts',
    'Layla Lee',
    'Hiroshi Brown',
    'Lisa Sanchez',
    'Jane Roe',
    'Michelle Dubois',
    'Thomas',
    'Campbell',
  ],
  'email / phone': ['carlos.thomas', '@example.org', 'betty.m', '555-0124', '(303)', '0176', 'hiroshi', '916', 'layla.lee', '2455@'],
  'campaign, event, list or nothing': ['Campaign', 'Fund', 'Rally', 'Gala', 'donors', 'Spring', 'Water', 'Union', 'zzqx', 'xyzzy'],
};

module.exports = {
  title: `Global search API on MariaDB, large seed (${ROUNDS} x 40 searches, quiet and +${IN_FLIGHT} in flight, target p95 < ${TARGET_MS} ms)`,
  run: () => runSearchBenchmark({ pathFor: (term) => `/api/search?q=${encodeURIComponent(term)}`, termsByKind: TERMS, targetMs: TARGET_MS, rounds: ROUNDS }),
};

runWhenMain(module, module.exports);
