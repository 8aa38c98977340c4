// Smart lists on MariaDB/MySQL, large seed (100,000 contacts, 1,000,000 donations), through the real app
// running in its own process (support/apiProcess.js), measured on a quiet API and again while a second
// client keeps 20 requests in flight against it (support/latency.js), as the other API benchmarks are:
//  - the rule builder's live count (POST /api/contact-lists/preview) of a three-rule list — a giving
//    aggregate (last donation amount), a state in-list and a tag — p50/p95 over 3 rounds of 20 after a
//    warm-up; target p95 < 150 ms;
//  - POST /:id/apply-rules writing ~50,000 members into an empty smart list, 3 times; target < 2 s
//    (every run); then a refresh that changes nothing, and one that removes them all.
// Beside each figure, the same work done by one hand-written SQL statement in the same run and under
// the same load (the floor): a COUNT(*) with the same three conditions, an INSERT ... SELECT, a DELETE.
// Needs DATABASE_URL=mysql://...; uses the database `caucus_bench` (see support/mariadb.js).
const path = require('node:path');
const { percentile, table } = require('./support');
const { benchKnex, mysqlUrlOrSkip } = require('./support/mariadb');
const { BACKGROUND_PATHS, IN_FLIGHT } = require('./support/latency');
const { startApiProcess, startBackgroundLoad } = require('./support/processes');

const COUNT_TARGET_MS = 150;
const APPLY_TARGET_MS = 2000;
const ROUNDS = 3;
const SAMPLES = 20;
const WARM_UP = 5;
const APPLY_RUNS = 3;
const APPLY_MEMBERS = 50_000;
const STATES = ['IL', 'WI', 'TX', 'OH', 'PA'];
const THREE_RULES = [
  { field: 'lastDonationAmount', operator: 'greater_than_or_equal', value: 50 },
  { field: 'state', operator: 'in', value: STATES, logic: 'and' },
  { field: 'tags', operator: 'has_tag', value: 'volunteer', logic: 'and' },
];
// Matches nobody: a smart list needs a rule, and the timed refresh must start from an empty list.
const NOBODY = [{ field: 'totalDonated', operator: 'less_than', value: -1 }];

async function call(api, method, urlPath, body) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${api.baseURL}${urlPath}`, {
    method,
    headers: { ...api.headers, 'Content-Type': 'application/json' },
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
const p50p95 = (samples) => `${ms(percentile(samples, 50))} / ${ms(percentile(samples, 95))}`;

/** One pass of every measure; `created` collects list ids to delete at the end. */
async function measure({ api, knex, threshold, created }) {
  const { accountId } = api;

  // ---- live count: API beside the hand-written COUNT(*), interleaved ----
  const floorCount = () =>
    knex.raw(
      `select count(*) as n from contacts
        where account_id = ? and last_donation_amount >= ? and state in (${STATES.map(() => '?').join(', ')})
          and id in (select contact_id from contact_tags where account_id = ? and tag = ?)`,
      [accountId, 50, ...STATES, accountId, 'volunteer'],
    );
  const preview = () => call(api, 'POST', '/api/contact-lists/preview', { rules: THREE_RULES });
  for (let i = 0; i < WARM_UP; i++) {
    await preview();
    await floorCount();
  }
  const count = { api: [], floor: [], matches: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < SAMPLES; i++) {
      const answer = await preview();
      count.api.push(answer.ms);
      const floor = await timed(floorCount);
      count.floor.push(floor.ms);
      const floorN = Number(floor.result[0][0].n);
      if (answer.data.count !== floorN) throw new Error(`live count ${answer.data.count} differs from the hand-written SQL count ${floorN}`);
      count.matches = floorN;
    }
  }

  // ---- apply-rules writing ~50k members, beside INSERT ... SELECT of the same contacts ----
  const wide = [{ field: 'totalDonated', operator: 'greater_than_or_equal', value: threshold }];
  const list = (await call(api, 'POST', '/api/contact-lists', { name: `Bench ${Date.now()}`, type: 'smart', rules: NOBODY })).data.list;
  created.push(list.id);
  const scratch = (await call(api, 'POST', '/api/contact-lists', { name: `Bench floor ${Date.now()}` })).data.list;
  created.push(scratch.id);
  const apply = { fill: [], fillFloor: [], same: [], empty: [], emptyFloor: [], members: 0 };
  for (let run = 0; run < APPLY_RUNS; run++) {
    // The stored rules are swapped underneath, so each timed call is the refresh alone.
    await knex('contact_lists')
      .where({ id: list.id })
      .update({ rules: JSON.stringify(wide) });
    const filled = await call(api, 'POST', `/api/contact-lists/${list.id}/apply-rules`);
    apply.fill.push(filled.ms);
    apply.members = filled.data.memberCount;
    if (filled.data.added !== filled.data.memberCount)
      throw new Error(`apply-rules started from ${filled.data.memberCount - filled.data.added} members, not 0`);
    const again = await call(api, 'POST', `/api/contact-lists/${list.id}/apply-rules`);
    if (again.data.added + again.data.removed !== 0) throw new Error('a second apply-rules changed the members');
    apply.same.push(again.ms);
    await knex('contact_lists')
      .where({ id: list.id })
      .update({ rules: JSON.stringify(NOBODY) });
    apply.empty.push((await call(api, 'POST', `/api/contact-lists/${list.id}/apply-rules`)).ms);

    const floorInsert = await timed(() =>
      knex.raw(
        `insert into contact_list_members (id, account_id, list_id, contact_id, source, added_at)
         select uuid(), account_id, ?, id, 'smart_rule', now(3) from contacts where account_id = ? and total_donated >= ?`,
        [scratch.id, accountId, threshold],
      ),
    );
    apply.fillFloor.push(floorInsert.ms);
    apply.emptyFloor.push((await timed(() => knex.raw('delete from contact_list_members where list_id = ?', [scratch.id]))).ms);
  }
  return { count, apply };
}

module.exports = {
  title: `Smart lists on MariaDB, large seed (quiet and +${IN_FLIGHT} in flight; live count p95 < ${COUNT_TARGET_MS} ms; apply-rules of 50k members < ${APPLY_TARGET_MS / 1000} s)`,
  async run({ repoRoot = path.resolve(__dirname, '..') } = {}) {
    const databaseUrl = mysqlUrlOrSkip();
    if (!databaseUrl) return;
    // Seeds (first use) and serves the large account in its own process.
    const api = await startApiProcess();
    const knex = benchKnex({ repoRoot, databaseUrl });
    const created = [];
    try {
      const [[row]] = await knex.raw(
        `select total_donated as t from contacts where account_id = ? order by total_donated desc limit 1 offset ${APPLY_MEMBERS - 1}`,
        [api.accountId],
      );
      const threshold = Number(row.t);
      const quiet = await measure({ api, knex, threshold, created });
      const load = await startBackgroundLoad(api, BACKGROUND_PATHS, IN_FLIGHT);
      let busy;
      let background;
      try {
        busy = await measure({ api, knex, threshold, created });
      } finally {
        background = await load.stop();
      }

      const countWorst = Math.max(percentile(quiet.count.api, 95), percentile(busy.count.api, 95));
      const fillWorst = Math.max(...quiet.apply.fill, ...busy.apply.fill);
      const members = quiet.apply.members.toLocaleString('en-US');
      const loaded = `+${IN_FLIGHT} in flight`;
      table([
        {
          measure: `live count, 3 rules (${quiet.count.api.length} samples, ${quiet.count.matches.toLocaleString('en-US')} matches), p50 / p95`,
          'API quiet': p50p95(quiet.count.api),
          'SQL floor quiet': p50p95(quiet.count.floor),
          [`API ${loaded}`]: p50p95(busy.count.api),
          [`SQL floor ${loaded}`]: p50p95(busy.count.floor),
          target: `p95 < ${COUNT_TARGET_MS} ms: ${countWorst < COUNT_TARGET_MS ? 'met' : 'MISSED'}`,
        },
        {
          measure: `apply-rules, empty -> ${members} members (${APPLY_RUNS} runs), p50 / max`,
          'API quiet': `${ms(percentile(quiet.apply.fill, 50))} / ${ms(Math.max(...quiet.apply.fill))}`,
          'SQL floor quiet': `${ms(percentile(quiet.apply.fillFloor, 50))} / ${ms(Math.max(...quiet.apply.fillFloor))} (INSERT ... SELECT)`,
          [`API ${loaded}`]: `${ms(percentile(busy.apply.fill, 50))} / ${ms(Math.max(...busy.apply.fill))}`,
          [`SQL floor ${loaded}`]: `${ms(percentile(busy.apply.fillFloor, 50))} / ${ms(Math.max(...busy.apply.fillFloor))}`,
          target: `< ${APPLY_TARGET_MS} ms: ${fillWorst < APPLY_TARGET_MS ? 'met' : 'MISSED'}`,
        },
        {
          measure: `apply-rules again, nothing changes, p50 / max`,
          'API quiet': `${ms(percentile(quiet.apply.same, 50))} / ${ms(Math.max(...quiet.apply.same))}`,
          'SQL floor quiet': '',
          [`API ${loaded}`]: `${ms(percentile(busy.apply.same, 50))} / ${ms(Math.max(...busy.apply.same))}`,
          [`SQL floor ${loaded}`]: '',
          target: '',
        },
        {
          measure: `apply-rules, all ${members} leave, p50 / max`,
          'API quiet': `${ms(percentile(quiet.apply.empty, 50))} / ${ms(Math.max(...quiet.apply.empty))}`,
          'SQL floor quiet': `${ms(percentile(quiet.apply.emptyFloor, 50))} / ${ms(Math.max(...quiet.apply.emptyFloor))} (DELETE)`,
          [`API ${loaded}`]: `${ms(percentile(busy.apply.empty, 50))} / ${ms(Math.max(...busy.apply.empty))}`,
          [`SQL floor ${loaded}`]: `${ms(percentile(busy.apply.emptyFloor, 50))} / ${ms(Math.max(...busy.apply.emptyFloor))}`,
          target: '',
        },
      ]);
      const errors = background.non2xx + background.errors;
      console.log(
        `  second client: ${background.requests} requests while loaded (${errors} errors), ${IN_FLIGHT} in flight over ${BACKGROUND_PATHS.join(', ')}`,
      );
    } finally {
      for (const id of created) await knex('contact_lists').where({ id }).del();
      await knex.destroy();
      await api.stop();
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
