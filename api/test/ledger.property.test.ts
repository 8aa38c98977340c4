import fc from 'fast-check';
import type { Knex } from 'knex';
import { federalCommitteeBody, signedIn, testApp, twoLoggedInAccounts } from './helpers/fixtures';
import { ELECTIONS, apply, expectMatches, freshModel, op, useLedgerWorld } from './helpers/ledgerReference';
import { createTestDb, type TestDb } from './support/testDb';

// Random sequences of every ledger operation against a reference model kept in memory
// (helpers/ledgerReference.ts). After every step: each contact's and campaign's figures equal the sum
// of the model's gifts, every gift's excess flag and deadline and every election aggregate equal the
// limit rule walked over the model, every pledge's fulfilment equals its linked gifts, Schedule A
// itemizes exactly the model's itemized receipts, and reconciliation (the roll-ups, reach and tallies
// recomputed from the rows) finds no difference.

let db: TestDb;
let knex: Knex;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  const app = testApp(knex);
  const { a } = await twoLoggedInAccounts(knex, app);
  const res = await signedIn(app, a).post('/api/committees', federalCommitteeBody({ elections: ELECTIONS }));
  useLedgerWorld({ knex, accountId: a.accountId, actor: { userId: a.userId, sessionId: null }, committeeId: res.body.data.committee.id });
});

afterAll(async () => {
  await db.destroy();
});

it('keeps every figure and FEC obligation equal to the reference over random sequences of ledger operations', async () => {
  // Each run gives its gifts to fresh contacts and campaigns: Schedule A is read for its contributors alone.
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
      const m = await freshModel();
      for (const o of ops) {
        await apply(m, o);
        await expectMatches(m);
      }
    }),
    {
      numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 12),
      examples: [
        // A later gift flagged against an imported gift that the undo then removes.
        [
          [
            { kind: 'import', contact: 0, campaign: 0, gifts: [{ cents: 300_000, date: '2026-01-10', status: 'completed' }] },
            { kind: 'create', contact: 0, campaign: 1, cents: 100_000, date: '2026-02-01', status: 'completed' },
            { kind: 'undo', pick: 0 },
          ],
        ],
        // Every remedy of one excessive gift, and an archive in between.
        [
          [
            { kind: 'create', contact: 1, campaign: 0, cents: 350_001, date: '2026-03-01', status: 'completed' },
            { kind: 'archive', campaign: 0 },
            { kind: 'redesignate', pick: 0 },
            { kind: 'create', contact: 1, campaign: 0, cents: 350_000, date: '2026-03-02', status: 'completed' },
            { kind: 'create', contact: 1, campaign: 1, cents: 20_001, date: '2026-03-03', status: 'completed' },
            { kind: 'reattribute', pick: 2, contact: 2 },
            { kind: 'refund', pick: 1 },
          ],
        ],
        // A pledge fulfilled, then its gift refunded by moving it to another contributor.
        [
          [
            { kind: 'pledge', contact: 0, campaign: 2, cents: 10_000 },
            { kind: 'fulfil', pick: 0, cents: 10_000, date: '2026-04-01' },
            { kind: 'fulfil', pick: 0, cents: 100, date: '2026-04-02' },
            { kind: 'editContributor', pick: 0, contact: 1 },
            { kind: 'editCampaign', pick: 0, campaign: 0 },
          ],
        ],
        // An imported gift pays the donor's open pledge to its campaign, the undo takes the payment back.
        [
          [
            { kind: 'pledge', contact: 0, campaign: 2, cents: 1_000 },
            {
              kind: 'import',
              contact: 0,
              campaign: 2,
              gifts: [
                { cents: 600, date: '2026-01-01', status: 'completed' },
                { cents: 600, date: '2026-01-02', status: 'completed' },
                { cents: 600, date: '2026-01-03', status: 'completed' },
              ],
            },
            { kind: 'pledge', contact: 0, campaign: 2, cents: 500 },
            {
              kind: 'import',
              contact: 0,
              campaign: 2,
              gifts: [
                { cents: 100, date: '2026-01-04', status: 'pending' },
                { cents: 100, date: '2026-01-05', status: 'completed' },
              ],
            },
            { kind: 'undo', pick: 0 },
            { kind: 'create', contact: 0, campaign: 0, cents: 1, date: '2026-01-01', status: 'completed' },
          ],
        ],
        // A wholly excessive gift refunded: the receipt stays on Schedule A beside its refund.
        [
          [
            {
              kind: 'import',
              contact: 0,
              campaign: 0,
              gifts: [
                { cents: 350_000, date: '2026-01-01', status: 'completed' },
                { cents: 1, date: '2026-01-01', status: 'completed' },
              ],
            },
            { kind: 'refund', pick: 1 },
          ],
        ],
      ] as never,
    },
  );
}, 240_000);
