import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, money, ref, timestamps } from './schema';

// Money going out of a committee (disbursements, refunds of contributions and the negative entries
// that void them), the FEC reports (Form 3 / 3X) that summarise a period, the monthly bank statement
// balances the treasurer reconciles against, and the filed status of 48-hour notices.
// A void is a row of its own (amount negative, void_of_id naming the entry): nothing is deleted.

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'disbursements', (t) => {
    idColumn(t);
    accountColumn(t);
    ref(t, 'committee_id', 'committees', 'CASCADE');
    t.string('donation_account_id', 36).nullable();
    // operating (line 17 / 21b), refund (line 20 / 28), other (line 21 / 29)
    t.string('kind', 16).notNullable();
    t.string('refund_of_donation_id', 36).nullable();
    t.string('void_of_id', 36).nullable();
    t.string('payee_contact_id', 36).nullable();
    // IND, ORG, COM, CAN, PAC, PTY (the FEC's entity types)
    t.string('entity_type', 3).notNullable();
    t.string('payee_organization_name', 200).nullable();
    t.string('payee_last_name', 30).nullable();
    t.string('payee_first_name', 20).nullable();
    t.string('payee_street1', 34).nullable();
    t.string('payee_street2', 34).nullable();
    t.string('payee_city', 30).nullable();
    t.string('payee_state', 2).nullable();
    t.string('payee_zip', 9).nullable();
    money(t, 'amount').notNullable();
    t.date('disbursement_date').notNullable();
    t.string('purpose', 100).notNullable();
    t.string('category_code', 3).nullable();
    t.string('election_code', 5).nullable();
    t.string('payment_method', 16).notNullable();
    t.string('check_number', 64).nullable();
    t.string('memo', 100).nullable();
    t.string('created_by', 36).nullable();
    timestamps(t);
    t.index(['account_id', 'committee_id', 'disbursement_date']);
    t.index(['account_id', 'refund_of_donation_id']);
    t.index(['account_id', 'void_of_id']);
  });

  await createTable(knex, 'fec_reports', (t) => {
    idColumn(t);
    accountColumn(t);
    ref(t, 'committee_id', 'committees', 'CASCADE');
    t.string('form', 4).notNullable();
    t.string('report_code', 3).notNullable();
    t.date('coverage_from').notNullable();
    t.date('coverage_through').notNullable();
    t.string('election_code', 5).nullable();
    t.date('election_date').nullable();
    t.string('election_state', 2).nullable();
    t.string('treasurer_first_name', 20).nullable();
    t.string('treasurer_last_name', 30).nullable();
    t.date('date_signed').nullable();
    // Cash on hand at the start of the committee's first report; later reports carry the last one's close.
    money(t, 'opening_cash').nullable();
    // draft | filed; an amendment is a new row naming the report it amends.
    t.string('status', 8).notNullable();
    dateTime(t, 'filed_at').nullable();
    t.string('fec_filing_id', 32).nullable();
    // Cash on hand at close as filed: the next report must start from it.
    money(t, 'closing_cash').nullable();
    t.string('amends_id', 36).nullable();
    t.integer('amendment_number').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['account_id', 'committee_id', 'coverage_through']);
  });

  await createTable(knex, 'bank_reconciliations', (t) => {
    idColumn(t);
    accountColumn(t);
    ref(t, 'committee_id', 'committees', 'CASCADE');
    // 'YYYY-MM'
    t.string('month', 7).notNullable();
    money(t, 'statement_balance').notNullable();
    timestamps(t);
    t.unique(['account_id', 'committee_id', 'month']);
  });

  await createTable(knex, 'notice_filings', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('donation_id', 36).notNullable();
    t.date('filed_on').notNullable();
    timestamps(t);
    t.unique(['account_id', 'donation_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['notice_filings', 'bank_reconciliations', 'fec_reports', 'disbursements']);
}
