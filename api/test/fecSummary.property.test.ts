import fc from 'fast-check';
import type { Knex } from 'knex';
import { federalCommitteeBody, insertCampaign, insertContact, type LoggedIn, signedIn } from './helpers/fixtures';
import { twoAccountApp, type TestApp } from './helpers/twoAccountApp';
import { fecValidator, parseFec } from './support/fecParser';

// A generated committee history (receipts from individuals, a party and a PAC; operating expenditures;
// refunds; voids) across two quarters, entered through the API, against a reference computation of
// the Form 3 / 3X summary written from the forms' instructions. Each report's .fec file must
// validate against the FEC's schemas and read back to the same lines; Q2's line 23 / 6(b) is Q1's close.

const ctx = twoAccountApp();
let knex: Knex, app: TestApp, a: LoggedIn;
beforeAll(() => ({ knex, app, a } = ctx));

const as = () => signedIn(app, a);
const validate = fecValidator();

type Who = 'ind0' | 'ind1' | 'ind2' | 'party' | 'pac';
const WHO: Who[] = ['ind0', 'ind1', 'ind2', 'party', 'pac'];
const typeOf = (who: Who) => (who === 'party' ? 'party' : who === 'pac' ? 'pac' : 'individual');

type Receipt = { who: Who; cents: number; day: number };
type Spend = { vendor: 0 | 1; cents: number; day: number; other: boolean; voidAfter: number | null };
type Refund = { receipt: number; share: number; dayAfter: number; voidAfter: number | null };

// Day 0..89 is in Q1 (from 2026-01-01), 90..180 in Q2. A void falls in its entry's quarter, so no
// period's line goes negative (the FEC takes no negative totals).
const dateOf = (day: number) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
const quarterEnd = (day: number) => (day < 90 ? 89 : 180);
const clampToQuarter = (day: number, after: number) => Math.min(quarterEnd(day), day + after);

const history = fc.record({
  form: fc.constantFrom('F3' as const, 'F3X' as const),
  receipts: fc.array(fc.record({ who: fc.constantFrom(...WHO), cents: fc.integer({ min: 100, max: 150_000 }), day: fc.integer({ min: 0, max: 180 }) }), {
    minLength: 1,
    maxLength: 8,
  }),
  spends: fc.array(
    fc.record({
      vendor: fc.constantFrom(0 as const, 1 as const),
      cents: fc.integer({ min: 100, max: 40_000 }),
      day: fc.integer({ min: 0, max: 180 }),
      other: fc.boolean(),
      voidAfter: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    }),
    { maxLength: 6 },
  ),
  refunds: fc.array(
    fc.record({
      receipt: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      dayAfter: fc.integer({ min: 0, max: 30 }),
      voidAfter: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
    }),
    { maxLength: 3 },
  ),
});

type Entry = { date: string; cents: number };
type In = Entry & { who: Who; contactId: string };
type Out = Entry & { kind: 'operating' | 'other' | 'refund'; refundTo: string | null };

/** The reference: the forms' lines from plain lists of entries, in cents. */
function reference(form: 'F3' | 'F3X', ins: In[], outs: Out[], opening: number, from: string, through: string) {
  const yearStart = form === 'F3' ? '2025-01-01' : '2026-01-01';
  const sum = (list: Entry[], f: string, t: string) => list.filter((e) => e.date >= f && e.date <= t).reduce((s, e) => s + e.cents, 0);
  const aggregate = new Map<string, number>();
  for (const r of ins) if (r.date <= through && typeOf(r.who) === 'individual') aggregate.set(r.who, (aggregate.get(r.who) ?? 0) + r.cents);
  const itemized = ins.filter((r) => typeOf(r.who) === 'individual' && (aggregate.get(r.who) ?? 0) > 20_000);
  const unitemized = ins.filter((r) => typeOf(r.who) === 'individual' && (aggregate.get(r.who) ?? 0) <= 20_000);
  const column = (f: string) => {
    const ai = sum(itemized, f, through);
    const aii = sum(unitemized, f, through);
    const b = sum(
      ins.filter((r) => r.who === 'party'),
      f,
      through,
    );
    const c = sum(
      ins.filter((r) => r.who === 'pac'),
      f,
      through,
    );
    const op = sum(
      outs.filter((o) => o.kind === 'operating'),
      f,
      through,
    );
    const other = sum(
      outs.filter((o) => o.kind === 'other'),
      f,
      through,
    );
    const rInd = sum(
      outs.filter((o) => o.kind === 'refund' && o.refundTo === 'individual'),
      f,
      through,
    );
    const rParty = sum(
      outs.filter((o) => o.kind === 'refund' && o.refundTo === 'party'),
      f,
      through,
    );
    const rPac = sum(
      outs.filter((o) => o.kind === 'refund' && o.refundTo === 'pac'),
      f,
      through,
    );
    return { ai, aii, b, c, op, other, rInd, rParty, rPac, receipts: ai + aii + b + c, refunds: rInd + rParty + rPac, out: op + other + rInd + rParty + rPac };
  };
  const before = (day: string) => opening + sum(ins, '2026-01-01', day) - sum(outs, '2026-01-01', day);
  const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const p = column(from);
  const y = column(yearStart);
  const begin = before(dayBefore(from));
  if (form === 'F3') {
    const both = (name: string, pv: number, yv: number) => ({ [`${name}_period`]: pv, [`${name}_ytd`]: yv });
    return {
      ...both('L6a_total_contributions', p.receipts, y.receipts),
      ...both('L6b_total_contribution_refunds', p.refunds, y.refunds),
      ...both('L6c_net_contributions', p.receipts - p.refunds, y.receipts - y.refunds),
      ...both('L7a_total_operating_expenditures', p.op, y.op),
      ...both('L7c_net_operating_expenditures', p.op, y.op),
      ...both('L11ai_individuals_itemized', p.ai, y.ai),
      ...both('L11aii_individuals_unitemized', p.aii, y.aii),
      ...both('L11aiii_total_individual', p.ai + p.aii, y.ai + y.aii),
      ...both('L11b_political_party_committees', p.b, y.b),
      ...both('L11c_other_political_committees', p.c, y.c),
      ...both('L11e_total_contributions', p.receipts, y.receipts),
      ...both('L16_total_receipts', p.receipts, y.receipts),
      ...both('L17_operating_expenditures', p.op, y.op),
      ...both('L20a_refunds_to_individuals', p.rInd, y.rInd),
      ...both('L20b_refunds_to_political_party_committees', p.rParty, y.rParty),
      ...both('L20c_refunds_to_other_political_committees', p.rPac, y.rPac),
      ...both('L20d_total_contribution_refunds', p.refunds, y.refunds),
      ...both('L21_other_disbursements', p.other, y.other),
      ...both('L22_total_disbursements', p.out, y.out),
      L8_cash_on_hand_at_close_period: begin + p.receipts - p.out,
      L23_cash_on_hand_beginning_reporting_period: begin,
      L24_total_receipts_period: p.receipts,
      L25_subtotals_period: begin + p.receipts,
      L26_total_disbursements_period: p.out,
      L27_cash_on_hand_at_close_period: begin + p.receipts - p.out,
    } as Record<string, number>;
  }
  const jan1 = before('2025-12-31');
  const both = (name: string, pv: number, yv: number) => ({ [`${name}_period`]: pv, [`${name}_ytd`]: yv });
  return {
    L6b_cash_on_hand_beginning_period: begin,
    L6a_cash_on_hand_jan_1_ytd: jan1,
    ...both('L6c_total_receipts', p.receipts, y.receipts),
    ...both('L6d_subtotal', begin + p.receipts, jan1 + y.receipts),
    ...both('L7_total_disbursements', p.out, y.out),
    L8_cash_on_hand_at_close_period: begin + p.receipts - p.out,
    L8_cash_on_hand_close_ytd: jan1 + y.receipts - y.out,
    ...both('L11ai_itemized', p.ai, y.ai),
    ...both('L11aii_unitemized', p.aii, y.aii),
    ...both('L11aiii_total', p.ai + p.aii, y.ai + y.aii),
    ...both('L11b_political_party_committees', p.b, y.b),
    ...both('L11c_other_political_committees_pacs', p.c, y.c),
    ...both('L11d_total_contributions', p.receipts, y.receipts),
    ...both('L19_total_receipts', p.receipts, y.receipts),
    ...both('L20_total_federal_receipts', p.receipts, y.receipts),
    ...both('L21b_other_federal_operating_expenditures', p.op, y.op),
    ...both('L21c_total_operating_expenditures', p.op, y.op),
    ...both('L28a_individuals_persons', p.rInd, y.rInd),
    ...both('L28b_political_party_committees', p.rParty, y.rParty),
    ...both('L28c_other_political_committees', p.rPac, y.rPac),
    ...both('L28d_total_contributions_refunds', p.refunds, y.refunds),
    ...both('L29_other_disbursements', p.other, y.other),
    ...both('L31_total_disbursements', p.out, y.out),
    ...both('L32_total_federal_disbursements', p.out, y.out),
    ...both('L33_total_contributions', p.receipts, y.receipts),
    ...both('L34_total_contribution_refunds', p.refunds, y.refunds),
    ...both('L35_net_contributions', p.receipts - p.refunds, y.receipts - y.refunds),
    ...both('L36_total_federal_operating_expenditures', p.op, y.op),
    ...both('L38_net_operating_expenditures', p.op, y.op),
  } as Record<string, number>;
}

const cents = (amount: unknown) => Math.round(Number(amount) * 100);

async function post(path: string, body: Record<string, unknown>) {
  const res = await as().post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

// Generated histories through the API: a minute alone at most, several when CI's lanes share the cores.
describe('the FEC summary of a generated committee history', () => {
  it('equals the reference in both columns, and the .fec validates and reads back to the same lines', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        run += 1;
        const committee = await as().post(
          '/api/committees',
          federalCommitteeBody({ name: `Run ${run}`, filingForm: h.form, committeeType: h.form === 'F3' ? 'candidate' : 'pac' }),
        );
        const committeeId = committee.body.data.committee.id as string;
        const campaignId = await insertCampaign(knex, a.accountId, { committeeId });
        const contacts = new Map<Who, string>();
        for (const who of WHO) {
          const organisation = who === 'party' || who === 'pac';
          contacts.set(
            who,
            await insertContact(knex, a.accountId, {
              firstName: organisation ? null : 'Pat',
              lastName: organisation ? null : `${who} ${run}`,
              organization: organisation ? `${who.toUpperCase()} Committee ${run}` : null,
              contributorType: typeOf(who),
              addressLine1: '1 Elm St',
              city: 'Arlington',
              state: 'VA',
              zipCode: '22201',
              employer: 'Acme',
              occupation: 'Engineer',
            }),
          );
        }
        const opening = 1_000_000;
        await post('/api/reports/fec', { committeeId, reportCode: 'Q1', year: 2026, openingCash: opening / 100, dateSigned: '2026-04-10' });

        const ins: In[] = [];
        const gifts: { id: string; cents: number; day: number; who: Who }[] = [];
        for (const r of h.receipts as Receipt[]) {
          const gift = await post(`/api/contacts/${contacts.get(r.who)}/donations`, { donationAmount: r.cents / 100, donationDate: dateOf(r.day), campaignId });
          gifts.push({ id: gift.donation.id, cents: r.cents, day: r.day, who: r.who });
          ins.push({ who: r.who, contactId: contacts.get(r.who) as string, date: dateOf(r.day), cents: r.cents });
        }
        const outs: Out[] = [];
        const record = async (body: Record<string, unknown>, out: Out, voidAfter: number | null, day: number) => {
          const made = await post('/api/disbursements', body);
          outs.push(out);
          if (voidAfter !== null) {
            const voidDay = clampToQuarter(day, voidAfter);
            await post(`/api/disbursements/${made.disbursement.id}/void`, { voidDate: dateOf(voidDay) });
            outs.push({ ...out, date: dateOf(voidDay), cents: -out.cents });
          }
        };
        for (const s of h.spends as Spend[]) {
          const body = {
            committeeId,
            kind: s.other ? 'other' : 'operating',
            entityType: 'ORG',
            payeeOrganizationName: s.vendor === 0 ? 'Quick Print LLC' : 'Mail House Inc',
            payeeStreet1: '5 Press Rd',
            payeeCity: 'Richmond',
            payeeState: 'VA',
            payeeZip: '23220',
            amount: s.cents / 100,
            disbursementDate: dateOf(s.day),
            purpose: s.other ? 'Transfer' : 'Printing',
            categoryCode: s.other ? '008' : '006',
          };
          await record(body, { kind: s.other ? 'other' : 'operating', refundTo: null, date: dateOf(s.day), cents: s.cents }, s.voidAfter, s.day);
        }
        const refunded = new Set<number>();
        for (const r of h.refunds as Refund[]) {
          const index = r.receipt % gifts.length;
          if (refunded.has(index)) continue;
          refunded.add(index);
          const gift = gifts[index];
          const amount = Math.max(1, Math.floor((gift.cents * r.share) / 100));
          const day = clampToQuarter(gift.day, r.dayAfter);
          await record(
            { committeeId, kind: 'refund', refundOfDonationId: gift.id, amount: amount / 100, disbursementDate: dateOf(day), purpose: 'Contribution refund' },
            { kind: 'refund', refundTo: typeOf(gift.who), date: dateOf(day), cents: amount },
            r.voidAfter,
            day,
          );
        }

        const list = (await as().get(`/api/reports/fec?committeeId=${committeeId}`)).body.data.reports;
        const q1 = list[0].id as string;
        const q1Summary = (await as().get(`/api/reports/fec/${q1}`)).body.data;
        await as().post(`/api/reports/fec/${q1}/file-status`, { filed: true, filedAt: '2026-04-12', fecFilingId: 'FEC-1' });
        const q2 = (await post('/api/reports/fec', { committeeId, reportCode: 'Q2', year: 2026, dateSigned: '2026-07-10' })).report.id as string;
        const q2Summary = (await as().get(`/api/reports/fec/${q2}`)).body.data;

        for (const [summary, from, through, id] of [
          [q1Summary, '2026-01-01', '2026-03-31', q1],
          [q2Summary, '2026-04-01', '2026-06-30', q2],
        ] as const) {
          const expected = reference(h.form, ins, outs, opening, from, through);
          const got: Record<string, number> = {};
          for (const line of summary.lines as { field: string; periodAmount: number | null; toDateAmount: number | null }[]) {
            if (line.periodAmount !== null) got[line.field] = cents(line.periodAmount);
            if (line.toDateAmount !== null) got[line.field.endsWith('_ytd') ? line.field : line.field.replace(/_period$/, '_ytd')] = cents(line.toDateAmount);
          }
          // The lines the reference names equal it; every other line of the form is zero.
          const file = (await as().get(`/api/reports/fec/${id}/file`)).text;
          const records = parseFec(file);
          const cover = records[1].values;
          for (const [field, value] of Object.entries(cover)) {
            if (!field.startsWith('L') || field === 'L6a_year_for_above_ytd') continue;
            expect({ field, value: cents(value) }).toEqual({ field, value: expected[field] ?? 0 });
            if (field in got && field.endsWith('_period')) expect({ field, page: got[field] }).toEqual({ field, page: cents(value) });
          }
          const schemaOf = (form: string) =>
            form === 'HDR'
              ? 'HDR'
              : form.startsWith('F3X')
                ? 'F3X'
                : form.startsWith('F3')
                  ? 'F3'
                  : form === 'SA11AI'
                    ? 'INDIVIDUAL_RECEIPT'
                    : /^SB(20|28)A$/.test(form)
                      ? 'INDIVIDUAL_REFUNDS'
                      : /^SB(17|21B|21|29)$/.test(form)
                        ? 'DISBURSEMENTS'
                        : null;
          for (const r of records) {
            const form = r.fields[0];
            const name = schemaOf(form);
            if (!name) continue; // refunds to a party or a PAC (SB20B/C, SB28B/C): no published JSON schema kept here.
            const negative = Number(r.values.expenditure_amount) < 0 ? '_VOID' : '';
            const extra: Record<string, unknown> =
              name === 'INDIVIDUAL_RECEIPT'
                ? { transaction_type_identifier: 'INDIVIDUAL_RECEIPT', aggregation_group: 'GENERAL' }
                : name === 'INDIVIDUAL_REFUNDS'
                  ? { form_type: 'SB28A', transaction_type_identifier: `REFUND_INDIVIDUAL_CONTRIBUTION${negative}`, aggregation_group: 'GENERAL' }
                  : name === 'DISBURSEMENTS'
                    ? {
                        form_type: /^SB(21|29)$/.test(form) ? 'SB29' : 'SB21B',
                        transaction_type_identifier: `${/^SB(21|29)$/.test(form) ? 'OTHER_DISBURSEMENT' : 'OPERATING_EXPENDITURE'}${negative}`,
                        aggregation_group: 'GENERAL_DISBURSEMENT',
                        aggregate_amount: r.values.expenditure_amount,
                      }
                    : {};
            expect({ form, errors: validate(name, { ...r.values, ...extra }) }).toEqual({ form, errors: null });
          }
          // Schedule A holds exactly line 11(a)(i); every refund to an individual is itemized on 20(a) / 28(a).
          const sa = records.filter((r) => r.fields[0] === 'SA11AI').reduce((s, r) => s + cents(r.values.contribution_amount), 0);
          expect(sa).toBe(expected[h.form === 'F3' ? 'L11ai_individuals_itemized_period' : 'L11ai_itemized_period']);
          const refundLine = h.form === 'F3' ? 'SB20A' : 'SB28A';
          const sb = records.filter((r) => r.fields[0] === refundLine).reduce((s, r) => s + cents(r.values.expenditure_amount), 0);
          expect(sb).toBe(expected[h.form === 'F3' ? 'L20a_refunds_to_individuals_period' : 'L28a_individuals_persons_period']);
        }
        const close = (s: typeof q1Summary, code: string) => cents(s.lines.find((l: { line: string }) => l.line === code).periodAmount);
        expect(close(q2Summary, h.form === 'F3' ? '23' : '6b')).toBe(close(q1Summary, h.form === 'F3' ? '27' : '8'));
      }),
      { numRuns: Number(process.env.FEC_PROPERTY_RUNS ?? 10) },
    );
  }, 300_000);
});
