import type { Knex } from 'knex';
import { accountColumn, createTable, dateTime, dropTables, idColumn, jsonText, money, timestamps, userRef } from './schema';

/** A row that belongs to one contact and goes when the contact is deleted. */
function contactChild(t: Knex.CreateTableBuilder): void {
  idColumn(t);
  accountColumn(t);
  t.string('contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
}

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'contacts', (t) => {
    idColumn(t);
    accountColumn(t);
    t.string('first_name', 100).nullable();
    t.string('last_name', 100).nullable();
    t.string('organization', 255).nullable();
    t.string('title', 255).nullable();
    t.string('primary_email', 255).nullable();
    t.string('secondary_email', 255).nullable();
    t.string('primary_phone', 50).nullable();
    t.string('secondary_phone', 50).nullable();
    t.string('mobile_phone', 50).nullable();
    t.string('address_line1', 255).nullable();
    t.string('address_line2', 255).nullable();
    t.string('city', 100).nullable();
    t.string('state', 100).nullable();
    t.string('zip_code', 20).nullable();
    t.string('country', 64).notNullable().defaultTo('US');
    t.date('birth_date').nullable();
    t.string('occupation', 255).nullable();
    t.string('employer', 255).nullable();
    t.text('quick_notes').nullable();
    jsonText(t, 'tags').nullable();
    t.string('status', 20).notNullable().defaultTo('active');
    money(t, 'total_donated').notNullable().defaultTo(0);
    t.string('profile_image_key', 255).nullable();
    // Donation summary kept in step with completed donations; smart-list rules filter on them.
    money(t, 'last_donation_amount').nullable();
    t.date('last_donation_date').nullable();
    t.integer('donation_count').notNullable().defaultTo(0);
    money(t, 'average_donation').notNullable().defaultTo(0);
    t.decimal('volunteer_hours', 10, 2).notNullable().defaultTo(0);
    t.integer('events_attended').notNullable().defaultTo(0);
    t.boolean('is_major_donor').notNullable().defaultTo(false);
    t.boolean('is_volunteer').notNullable().defaultTo(false);
    t.boolean('is_board_member').notNullable().defaultTo(false);
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['account_id', 'last_name', 'first_name'], 'contacts_account_last_first_idx');
    t.index(['account_id', 'first_name'], 'contacts_account_first_idx');
    t.index(['account_id', 'organization'], 'contacts_account_org_idx');
    t.index(['account_id', 'primary_email'], 'contacts_account_email_idx');
    t.index(['account_id', 'primary_phone'], 'contacts_account_phone_idx');
    t.index(['account_id', 'status'], 'contacts_account_status_idx');
    t.index(['account_id', 'created_at'], 'contacts_account_created_idx');
    t.index(['account_id', 'total_donated'], 'contacts_account_total_idx');
  });

  await createTable(knex, 'contact_phone_numbers', (t) => {
    contactChild(t);
    t.string('phone_number', 50).notNullable();
    t.string('phone_type', 16).notNullable().defaultTo('mobile');
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.string('extension', 20).nullable();
    t.text('notes').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['contact_id', 'sort_order']);
    t.index(['account_id', 'phone_number']);
  });

  await createTable(knex, 'contact_email_addresses', (t) => {
    contactChild(t);
    t.string('email_address', 255).notNullable();
    t.string('email_type', 16).notNullable().defaultTo('personal');
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.text('notes').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['contact_id', 'sort_order']);
    t.index(['account_id', 'email_address']);
  });

  await createTable(knex, 'contact_addresses', (t) => {
    contactChild(t);
    t.string('address_type', 16).notNullable().defaultTo('home');
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.string('street_address1', 255).notNullable();
    t.string('street_address2', 255).nullable();
    t.string('city', 100).notNullable();
    t.string('state_province', 100).notNullable();
    t.string('postal_code', 20).notNullable();
    t.string('country', 16).notNullable().defaultTo('US');
    t.text('notes').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['contact_id', 'sort_order']);
  });

  await createTable(knex, 'contact_associations', (t) => {
    contactChild(t);
    t.string('associated_contact_id', 36).notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.string('relationship_type', 32).notNullable().defaultTo('other');
    t.string('relationship_description', 255).nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['contact_id', 'sort_order']);
    t.index(['associated_contact_id']);
  });

  await createTable(knex, 'contact_education', (t) => {
    contactChild(t);
    t.string('institution_name', 255).notNullable();
    t.string('degree_type', 32).nullable();
    t.string('degree_name', 255).nullable();
    t.string('field_of_study', 255).nullable();
    t.integer('graduation_year').nullable();
    t.decimal('gpa', 3, 2).nullable();
    t.string('honors', 255).nullable();
    t.boolean('is_current').notNullable().defaultTo(false);
    t.text('notes').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['contact_id', 'sort_order']);
  });

  await createTable(knex, 'contact_employment', (t) => {
    contactChild(t);
    t.string('company_name', 255).notNullable();
    t.string('job_title', 255).nullable();
    t.string('department', 255).nullable();
    t.string('employment_type', 32).nullable();
    t.date('start_date').nullable();
    t.date('end_date').nullable();
    t.boolean('is_current').notNullable().defaultTo(false);
    t.string('salary_range', 100).nullable();
    t.text('description').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['contact_id', 'sort_order']);
  });

  await createTable(knex, 'contact_notes', (t) => {
    contactChild(t);
    t.string('subject', 255).nullable();
    t.text('content').notNullable();
    t.string('note_type', 32).notNullable().defaultTo('general');
    // Private notes are shown only to their creator.
    t.boolean('is_private').notNullable().defaultTo(false);
    userRef(t, 'created_by');
    timestamps(t);
    t.index(['contact_id', 'created_at']);
  });

  await createTable(knex, 'contact_documents', (t) => {
    contactChild(t);
    t.string('key', 255).notNullable().unique();
    t.string('file_name', 255).notNullable();
    t.string('mime_type', 255).notNullable();
    t.bigInteger('size').notNullable();
    userRef(t, 'uploaded_by');
    dateTime(t, 'uploaded_at').notNullable();
    t.index(['contact_id', 'uploaded_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTables(knex, [
    'contact_documents',
    'contact_notes',
    'contact_employment',
    'contact_education',
    'contact_associations',
    'contact_addresses',
    'contact_email_addresses',
    'contact_phone_numbers',
    'contacts',
  ]);
}
