import type { Plan } from '@caucus/contract';
import { toBool, toInt, toMoney } from '../../db/values';
import type { BillingRepository } from './repository';

export function createBillingService(repo: BillingRepository) {
  return {
    async plans(): Promise<Plan[]> {
      const rows = await repo.listPlans();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        price: toMoney(row.priceMonthly),
        users: toInt(row.users),
        popular: toBool(row.popular),
      }));
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
