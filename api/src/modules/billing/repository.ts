import type { Knex } from 'knex';

export function createBillingRepository(knex: Knex) {
  return {
    /** Plans are global (not account data), so no tenancy scope applies. */
    async listPlans(): Promise<Record<string, unknown>[]> {
      return knex('plans')
        .select('id', 'name', 'priceMonthly', 'users', 'popular')
        .orderBy([
          { column: 'sortOrder', order: 'asc' },
          { column: 'priceMonthly', order: 'asc' },
        ]);
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
