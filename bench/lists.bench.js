// Smart lists on MariaDB/MySQL, large seed (100,000 contacts, 1,000,000 donations), through the real app:
//  - the rule builder's live count (POST /api/contact-lists/preview) of a three-rule list — a giving
//    aggregate, a state in-list and a tag — p50/p95 over 3 rounds of 20 after a warm-up; target p95 < 150 ms;
//  - POST /:id/apply-rules writing ~50,000 members into an empty smart list; target < 2 s; then a refresh
//    that changes nothing, and one that removes them all.
// Beside each figure, the same work done by one hand-written SQL statement in the same run (the floor).
// Needs DATABASE_URL=mysql://...; uses the database `caucus_bench` (see support/mariadb.js).
const path = require('node:path');
const { percentile, table } = require('./support');
const { mysqlUrlOrSkip, startLargeAccountApp } = require('./support/mariadb');

const COUNT_TARGET_MS = 150;
const APPLY_TARGET_MS = 2000;
const ROUNDS = 3;
const SAMPLES = 20;
const STATES = ['IL', 'WI', 'TX', 'OH', 'PA'];
const THREE_RULES = [
  { field: 'lastDonationAmount', operator: 'greater_than_or_equal', value: 50 },
  { field: 'state', operator: 'in', value: STATES, logic: 'and' },
  { field: 'tags', operator: 'has_tag', value: 'volunteer', logic: 'and' },
];

async function call(bench, method, urlPath, body) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${bench.baseURL}${urlPath}`, {
    method,
    headers: { Authorization: `Bearer ${bench.token}`, 'X-Account-Id': bench.accountId, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(json)}`);
  return { ms, data: json.data };
}

async function timed(work) {
  const started = process.hrtime.bigint();
  const result = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

const ms = (value) => `${value.toFixed(1)} ms`;

module.exports = {
  title: `Smart lists on MariaDB, large seed (live count p95 < ${COUNT_TARGET_MS} ms; apply-rules of 50k members < ${APPLY_TARGET_MS / 1000} s)`,
  async run({ repoRoot = path.resolve(__dirname, '..') } = {}) {
    const databaseUrl = mysqlUrlOrSkip();
    if (!databaseUrl) return;
    const bench = await startLargeAccountApp({ repoRoot, databaseUrl });
    const { knex, accountId } = bench;
    const created = [];
    try {
      // ---- live count ----
      const floorCount = () =>
        knex.raw(
          `select count(*) as n from contacts
            where account_id = ? and last_donation_amount >= ? and state in (${STATES.map(() => '?').join(', ')})
              and id in (select contact_id from contact_tags where account_id = ? and tag = ?)`,
          [accountId, 50, ...STATES, accountId, 'volunteer'],
        );
      const preview = () => call(bench, 'POST', '/api/contact-lists/preview', { rules: THREE_RULES });
      for (let i = 0; i < 5; i++) {
        await preview();
        await floorCount();
      }
      const apiSamples = [];
      const floorSamples = [];
      let apiCount = 0;
      let floorN = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < SAMPLES; i++) {
          const api = await preview();
          apiSamples.push(api.ms);
          apiCount = api.data.count;
          const floor = await timed(floorCount);
          floorSamples.push(floor.ms);
          floorN = Number(floor.result[0][0].n);
        }
      }
      if (apiCount !== floorN) throw new Error(`live count ${apiCount} differs from the hand-written SQL count ${floorN}`);

      // ---- apply-rules writing ~50k members ----
      const [[threshold]] = await knex.raw(
        'select total_donated as t from contacts where account_id = ? order by total_donated desc limit 1 offset 49999',
        [accountId],
      );
      const wide = [{ field: 'totalDonated', operator: 'greater_than_or_equal', value: Number(threshold.t) }];
      const none = [{ field: 'totalDonated', operator: 'less_than', value: -1 }];
      const list = (await call(bench, 'POST', '/api/contact-lists', { name: `Bench ${Date.now()}`, type: 'smart', rules: none })).data.list;
      created.push(list.id);
      // Swap the stored rules underneath so the timed call is the refresh alone, from an empty list.
      await knex('contact_lists').where({ id: list.id }).update({ rules: JSON.stringify(wide) });
      const apply = await call(bench, 'POST', `/api/contact-lists/${list.id}/apply-rules`);
      const again = await call(bench, 'POST', `/api/contact-lists/${list.id}/apply-rules`);
      await knex('contact_lists').where({ id: list.id }).update({ rules: JSON.stringify(none) });
      const emptied = await call(bench, 'POST', `/api/contact-lists/${list.id}/apply-rules`);

      // The floor: one INSERT ... SELECT of the same contacts into a scratch list, then one DELETE.
      const scratch = (await call(bench, 'POST', '/api/contact-lists', { name: `Bench floor ${Date.now()}` })).data.list;
      created.push(scratch.id);
      const floorInsert = await timed(() =>
        knex.raw(
          `insert into contact_list_members (id, account_id, list_id, contact_id, source, added_at)
           select uuid(), account_id, ?, id, 'smart_rule', now(3) from contacts where account_id = ? and total_donated >= ?`,
          [scratch.id, accountId, Number(threshold.t)],
        ),
      );
      const floorDelete = await timed(() => knex.raw('delete from contact_list_members where list_id = ?', [scratch.id]));

      const countP95 = percentile(apiSamples, 95);
      table([
        {
          measure: `live count, 3 rules (${apiSamples.length} samples, ${apiCount.toLocaleString('en-US')} matches)`,
          p50: ms(percentile(apiSamples, 50)),
          'p95 / time': ms(countP95),
          'SQL floor p50 / p95': `${ms(percentile(floorSamples, 50))} / ${ms(percentile(floorSamples, 95))}`,
          target: `p95 < ${COUNT_TARGET_MS} ms: ${countP95 < COUNT_TARGET_MS ? 'met' : 'MISSED'}`,
        },
        {
          measure: `apply-rules, empty -> ${apply.data.memberCount.toLocaleString('en-US')} members (+${apply.data.added})`,
          p50: '',
          'p95 / time': ms(apply.ms),
          'SQL floor p50 / p95': `${ms(floorInsert.ms)} (INSERT ... SELECT)`,
          target: `< ${APPLY_TARGET_MS} ms: ${apply.ms < APPLY_TARGET_MS ? 'met' : 'MISSED'}`,
        },
        {
          measure: `apply-rules again, nothing changes (+${again.data.added} -${again.data.removed})`,
          p50: '',
          'p95 / time': ms(again.ms),
          'SQL floor p50 / p95': '',
          target: '',
        },
        {
          measure: `apply-rules, all ${emptied.data.removed.toLocaleString('en-US')} leave`,
          p50: '',
          'p95 / time': ms(emptied.ms),
          'SQL floor p50 / p95': `${ms(floorDelete.ms)} (DELETE)`,
          target: '',
        },
      ]);
    } finally {
      for (const id of created) await knex('contact_lists').where({ id }).del();
      await bench.stop();
    }
  },
};

// `node bench/lists.bench.js` runs it alone, without the browser runner.
if (require.main === module) {
  module.exports.run({}).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
