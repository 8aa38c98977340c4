import type { Knex } from 'knex';
import { createContactListsRepository } from './repository';
import { createContactListsService } from './service';

/**
 * Re-applies the rules of every active smart list of an account, e.g. after an import completes
 * (SPEC: smart membership follows the contacts). Each list in its own transaction.
 */
export function applyRulesForAccount(knex: Knex, accountId: string): Promise<{ lists: number }> {
  return createContactListsService(createContactListsRepository(knex)).applyRulesForAccount(accountId);
}

export { GIVING_CHANGE, TOUCH_CHANGE, leaveListsOf, membersOf, syncSmartListsOf, type ContactChange } from './liveMembership';
