import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createContactListsRepository } from './repository';
import { contactListsRoutes } from './routes';
import { createContactListsService } from './service';

/** Contact lists, wired for the app. */
export function contactListsModuleRoutes(knex: Knex): Router<AppState> {
  return contactListsRoutes(createContactListsService(createContactListsRepository(knex)));
}

/**
 * Re-applies the rules of every active smart list of an account, e.g. after an import completes
 * (a smart list's members follow the contacts: docs/product/behaviour.md). Each list in its own transaction.
 */
export function applyRulesForAccount(knex: Knex, accountId: string): Promise<{ lists: number }> {
  return createContactListsService(createContactListsRepository(knex)).applyRulesForAccount(accountId);
}

export { GIVING_CHANGE, TOUCH_CHANGE, leaveListsOf, membersOf, syncSmartListsOf, type ContactChange } from './liveMembership';
