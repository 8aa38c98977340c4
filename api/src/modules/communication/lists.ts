import type { Knex } from 'knex';
import type { ListRule } from '@caucus/contract';
import { createContactListsRepository } from '../contactLists/repository';

/** The contacts a smart list's rules match at this moment, through the lists module's own rule compiler. */
export async function compileRulesFor(db: Knex | Knex.Transaction, accountId: string, rules: unknown[]): Promise<string[]> {
  const repo = createContactListsRepository(db as Knex);
  const context = await repo.ruleContext(accountId, db);
  return repo.matchingContactIds(db, accountId, rules as ListRule[], context);
}
