import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, money, timestamps, userRef } from './schema';

// Call time and meetings: sessions built from a contact list, the prospects snapshotted into each
// session when it is made (so a list that changes mid-session does not reshuffle the call sheet),
// one row per call made, and meetings with their attendees from the team.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (t) => {
    // Honoured by every session, not only the one where the contact asked.
    t.boolean('do_not_call').notNullable().defaultTo(false);
  });

  await createTable(knex, 'call_sessions', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('name', 255).notNullable();
    // The list is a source, not an owner: deleting it leaves the session's snapshot intact.
    t.string('list_id', 36).nullable().references('id').inTable('contact_lists').onDelete('SET NULL');
    t.string('list_name', 255).notNullable();
    t.string('campaign_id', 36).nullable().references('id').inTable('campaigns').onDelete('SET NULL');
    t.string('call_order', 24).notNullable();
    userRef(t, 'assignee_id');
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'created_at']);
  });

  await createTable(knex, 'call_session_prospects', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('session_id', 36).notNullable().references('id').inTable('call_sessions').onDelete('CASCADE');
    t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('position').notNullable();
    // pending -> claimed (a caller has it on screen) -> done (an outcome was logged) | skipped (do not call)
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('claimed_by', 36).nullable();
    dateTime(t, 'claimed_at').nullable();
    t.string('outcome', 24).nullable();
    t.unique(['session_id', 'contact_id']);
    t.index(['session_id', 'status', 'position']);
    t.index(['contact_id']);
  });

  await createTable(knex, 'calls', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('session_id', 36).nullable().references('id').inTable('call_sessions').onDelete('SET NULL');
    t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    userRef(t, 'caller_id');
    t.string('outcome', 24).notNullable();
    money(t, 'amount').nullable();
    t.string('election_code', 16).nullable();
    dateTime(t, 'callback_at').nullable();
    t.text('notes').nullable();
    t.string('pledge_id', 36).nullable().references('id').inTable('pledges').onDelete('SET NULL');
    t.string('donation_id', 36).nullable().references('id').inTable('donations').onDelete('SET NULL');
    dateTime(t, 'created_at').notNullable();
    t.index(['account_id', 'session_id', 'created_at']);
    t.index(['account_id', 'contact_id', 'created_at']);
    t.index(['account_id', 'outcome', 'callback_at']);
  });

  await createTable(knex, 'meetings', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    dateTime(t, 'met_at').notNullable();
    t.string('subject', 255).notNullable();
    t.text('notes').nullable();
    t.text('follow_up').nullable();
    t.date('follow_up_date').nullable();
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'met_at']);
    t.index(['account_id', 'contact_id', 'met_at']);
  });

  await createTable(knex, 'meeting_attendees', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('meeting_id', 36).notNullable().references('id').inTable('meetings').onDelete('CASCADE');
    t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.unique(['meeting_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['meeting_attendees', 'meetings', 'calls', 'call_session_prospects', 'call_sessions']);
  // Plain ALTER TABLE ... DROP COLUMN: knex's SQLite rebuild of contacts would trip over the
  // triggers that name the table.
  await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['contacts', 'do_not_call']);
}
