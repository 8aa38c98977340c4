import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  referencedListIds,
  SMART_LIST_NEEDS_RULES,
  type addListMembersSchema,
  type ApplyRulesResponse,
  type availableContactsQuerySchema,
  type ContactListPatch,
  type ContactListSummary,
  type contactListsQuerySchema,
  type ContactListsResponse,
  type ContactListValues,
  DEFAULT_MAJOR_GIFT_THRESHOLD,
  type ListContact,
  type ListMember,
  type listMembersQuerySchema,
  type ListMembersResponse,
  type ListPreviewResponse,
  type ListRule,
  type ListSettings,
  type ListSettingsResponse,
  type ListStats,
  type MemberSource,
  type MembershipWhyResponse,
  type removeListMembersSchema,
} from '@caucus/contract';
import { fromJsonText, toBool, toInt, toIsoDateTime, toJsonArray, toJsonText, toMoney } from '../../db/values';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import type { ContactListDetailsRow, ContactListsRepository, ListContactRow, MembershipRow } from './repository';
import { membersOf, syncSmartListsOf } from './liveMembership';
import { explainRules, toContactFacts } from './rules';

export const LIST_NOT_FOUND = 'Contact list not found';
export const CONTACT_NOT_FOUND = 'Contact not found';
export const STATIC_LISTS_ONLY = 'Contacts are added and removed by hand on static lists only; a smart list follows its rules';
export const SMART_LISTS_ONLY = 'Only smart lists have rules to apply';
export const RULE_LIST_NOT_FOUND = 'A rule refers to a contact list that does not exist';
export const RULE_LIST_SELF = 'A list cannot refer to itself in its rules';
const PREVIEW_SAMPLE = 5;

/** Why a list cannot be deleted: deleting it would leave these lists' rules naming nothing. */
export function listInUseMessage(names: string[]): string {
  const quoted = names.map((name) => `"${name}"`).join(', ');
  return `This list is used in the rules of ${names.length === 1 ? 'the smart list' : 'the smart lists'} ${quoted}. Remove those rules before deleting it.`;
}

export function toContactList(row: ContactListDetailsRow): ContactListSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? null,
    type: row.type,
    tags: toJsonArray<string>(row.tags),
    rules: toJsonArray<ListRule>(fromJsonText(row.rules)),
    memberCount: toInt(row.liveMemberCount ?? row.memberCount),
    isActive: toBool(row.isActive),
    rulesAppliedAt: toIsoDateTime(row.rulesAppliedAt),
    createdAt: toIsoDateTime(row.createdAt),
    updatedAt: toIsoDateTime(row.updatedAt),
    creator:
      row.creatorFirstName !== null && row.creatorFirstName !== undefined ? { firstName: row.creatorFirstName, lastName: row.creatorLastName ?? '' } : null,
  };
}

function toListContact(row: ListContactRow): ListContact {
  return {
    id: row.id,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    organization: row.organization ?? null,
    primaryEmail: row.primaryEmail ?? null,
    city: row.city ?? null,
    state: row.state ?? null,
    status: row.status as ListContact['status'],
    totalDonated: toMoney(row.totalDonated),
  };
}

function toMembership(row: MembershipRow): { source: MemberSource; addedAt: string | null; notes: string | null } {
  return { source: row.source, addedAt: toIsoDateTime(row.addedAt), notes: row.notes ?? null };
}

export function createContactListsService(repo: ContactListsRepository) {
  async function findOr404(accountId: string, id: string, db?: Knex.Transaction): Promise<ContactListDetailsRow> {
    assertIdOr404(id, LIST_NOT_FOUND);
    const row = await repo.findById(accountId, id, db);
    if (!row) throw new NotFound(LIST_NOT_FOUND);
    return row;
  }

  /** A rule naming a list must name one of the account's other lists (another account's reads as missing). */
  async function assertRuleLists(db: Knex | Knex.Transaction, accountId: string, listId: string | null, rules: ListRule[]): Promise<void> {
    const ids = referencedListIds(rules);
    if (listId && ids.includes(listId)) throw new BadRequest(RULE_LIST_SELF, { rules: RULE_LIST_SELF });
    const found = await repo.existingListIds(db, accountId, ids);
    if (ids.some((id) => !found.has(id))) throw new BadRequest(RULE_LIST_NOT_FOUND, { rules: RULE_LIST_NOT_FOUND });
  }

  /**
   * Rewrites the members a smart list's rules put there (source smart_rule) to exactly the contacts
   * its rules match now; members added by hand or by an import are left alone.
   */
  async function applyRules(trx: Knex.Transaction, accountId: string, listId: string, rules: ListRule[], userId: string | null): Promise<ApplyRulesResponse> {
    const context = await repo.ruleContext(accountId, trx);
    const [matches, members] = await Promise.all([repo.matchingContactIds(trx, accountId, rules, context), repo.memberSources(trx, listId)]);
    const matched = new Set(matches);
    const present = new Set(members.keys());
    const stale = [...members].filter(([id, source]) => source === 'smart_rule' && !matched.has(id)).map(([id]) => id);
    const fresh = matches.filter((id) => !present.has(id));
    const removed = await repo.deleteMembers(trx, listId, stale, 'smart_rule');
    await repo.insertMembers(
      trx,
      accountId,
      fresh.map((contactId) => ({ listId, contactId, source: 'smart_rule', notes: null, addedBy: userId })),
      newId,
    );
    const memberCount = members.size - removed + fresh.length;
    await repo.updateList(trx, accountId, listId, { rulesAppliedAt: new Date(), memberCount });
    // The contacts that joined or left: smart lists asking for membership of this one follow them.
    await syncSmartListsOf(trx, accountId, [...stale, ...fresh], [membersOf(listId)]);
    return { memberCount, added: fresh.length, removed };
  }

  async function readList(accountId: string, id: string, db?: Knex.Transaction): Promise<ContactListSummary> {
    return toContactList(await findOr404(accountId, id, db));
  }

  async function readSettings(accountId: string): Promise<ListSettingsResponse> {
    const row = await repo.settings(accountId);
    return { settings: { majorGiftThreshold: toMoney(row?.majorGiftThreshold ?? DEFAULT_MAJOR_GIFT_THRESHOLD) } };
  }

  return {
    async list(accountId: string, query: z.output<typeof contactListsQuerySchema>): Promise<ContactListsResponse> {
      const { rows, total } = await repo.list(accountId, query);
      return { lists: rows.map(toContactList), total };
    },

    get: readList,

    async create(accountId: string, userId: string | null, values: ContactListValues): Promise<ContactListSummary> {
      const id = newId();
      // A static list has no rules: they would never be applied.
      const rules = values.type === 'smart' ? values.rules : [];
      return repo.transaction(async (trx) => {
        await assertRuleLists(trx, accountId, null, rules);
        await repo.insertList(trx, {
          id,
          accountId,
          createdBy: userId,
          name: values.name,
          description: values.description,
          type: values.type,
          tags: toJsonText(values.tags),
          rules: toJsonText(rules),
          isActive: values.isActive,
        });
        if (values.type === 'smart') await applyRules(trx, accountId, id, rules, userId);
        return readList(accountId, id, trx);
      });
    },

    async update(accountId: string, userId: string | null, id: string, patch: ContactListPatch): Promise<ContactListSummary> {
      assertIdOr404(id, LIST_NOT_FOUND);
      return repo.transaction(async (trx) => {
        const before = await repo.lockList(trx, accountId, id);
        if (!before) throw new NotFound(LIST_NOT_FOUND);
        const type = patch.type ?? before.type;
        const rules = type === 'smart' ? (patch.rules ?? toJsonArray<ListRule>(fromJsonText(before.rules))) : [];
        if (type === 'smart' && rules.length === 0) throw new BadRequest(SMART_LIST_NEEDS_RULES, { rules: SMART_LIST_NEEDS_RULES });
        await assertRuleLists(trx, accountId, id, rules);
        await repo.updateList(trx, accountId, id, {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.tags !== undefined ? { tags: toJsonText(patch.tags) } : {}),
          ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
          type,
          rules: toJsonText(rules),
        });
        if (type === 'smart') await applyRules(trx, accountId, id, rules, userId);
        // A smart list turned static keeps its members, now as ordinary members.
        else if (before.type === 'smart') await repo.updateList(trx, accountId, id, { rulesAppliedAt: null });
        return readList(accountId, id, trx);
      });
    },

    /** Refused (409, naming them) while other lists' rules name this one: those rules would match nobody. */
    async remove(accountId: string, id: string): Promise<{ deleted: true }> {
      assertIdOr404(id, LIST_NOT_FOUND);
      return repo.transaction(async (trx) => {
        if (!(await repo.lockList(trx, accountId, id))) throw new NotFound(LIST_NOT_FOUND);
        const users = (await repo.listsMentioning(trx, accountId, id)).filter((row) =>
          referencedListIds(toJsonArray<ListRule>(fromJsonText(row.rules))).includes(id.toLowerCase()),
        );
        if (users.length > 0) throw new Conflict(listInUseMessage(users.map((row) => row.name)));
        await repo.deleteList(trx, accountId, id);
        return { deleted: true as const };
      });
    },

    settings: readSettings,

    /** Rules read the threshold when they run: smart lists follow a change on their next apply. */
    async updateSettings(accountId: string, settings: ListSettings): Promise<ListSettingsResponse> {
      await repo.updateSettings(accountId, settings);
      return readSettings(accountId);
    },

    async preview(accountId: string, rules: ListRule[]): Promise<ListPreviewResponse> {
      await assertRuleLists(repo.knex, accountId, null, rules);
      const context = await repo.ruleContext(accountId);
      const [count, sample] = await Promise.all([
        repo.countMatching(accountId, rules, context),
        repo.sampleMatching(accountId, rules, context, PREVIEW_SAMPLE),
      ]);
      return { count, sample: sample.map(toListContact) };
    },

    async applyRules(accountId: string, userId: string | null, id: string): Promise<ApplyRulesResponse> {
      assertIdOr404(id, LIST_NOT_FOUND);
      return repo.transaction(async (trx) => {
        const list = await repo.lockList(trx, accountId, id);
        if (!list) throw new NotFound(LIST_NOT_FOUND);
        if (list.type !== 'smart') throw new BadRequest(SMART_LISTS_ONLY);
        return applyRules(trx, accountId, id, toJsonArray<ListRule>(fromJsonText(list.rules)), userId);
      });
    },

    /** Re-applies every active smart list of the account (after an import, say). */
    async applyRulesForAccount(accountId: string): Promise<{ lists: number }> {
      const ids = await repo.activeSmartListIds(accountId);
      for (const id of ids) {
        await repo.transaction(async (trx) => {
          const list = await repo.lockList(trx, accountId, id);
          if (list && list.type === 'smart') await applyRules(trx, accountId, id, toJsonArray<ListRule>(fromJsonText(list.rules)), null);
        });
      }
      return { lists: ids.length };
    },

    async addMembers(accountId: string, userId: string | null, id: string, body: z.output<typeof addListMembersSchema>): Promise<{ added: number }> {
      assertIdOr404(id, LIST_NOT_FOUND);
      return repo.transaction(async (trx) => {
        const list = await repo.lockList(trx, accountId, id);
        if (!list) throw new NotFound(LIST_NOT_FOUND);
        if (list.type !== 'static') throw new BadRequest(STATIC_LISTS_ONLY);
        const found = await repo.existingContactIds(trx, accountId, body.contactIds);
        if (found.size !== body.contactIds.length) throw new NotFound(CONTACT_NOT_FOUND);
        // Adding a member twice is not an error and counts once.
        const present = new Set((await repo.memberSources(trx, id)).keys());
        const fresh = body.contactIds.filter((contactId) => !present.has(contactId));
        await repo.insertMembers(
          trx,
          accountId,
          fresh.map((contactId) => ({ listId: id, contactId, source: 'manual', notes: body.notes, addedBy: userId })),
          newId,
        );
        await repo.updateList(trx, accountId, id, { memberCount: present.size + fresh.length });
        // Smart lists that ask for membership of this one follow at once.
        await syncSmartListsOf(trx, accountId, fresh, [membersOf(id)]);
        return { added: fresh.length };
      });
    },

    async removeMembers(accountId: string, id: string, body: z.output<typeof removeListMembersSchema>): Promise<{ removed: number }> {
      assertIdOr404(id, LIST_NOT_FOUND);
      return repo.transaction(async (trx) => {
        const list = await repo.lockList(trx, accountId, id);
        if (!list) throw new NotFound(LIST_NOT_FOUND);
        if (list.type !== 'static') throw new BadRequest(STATIC_LISTS_ONLY);
        const removed = await repo.deleteMembers(trx, id, body.contactIds);
        await repo.updateList(trx, accountId, id, { memberCount: await repo.countMembers(trx, id) });
        await syncSmartListsOf(trx, accountId, body.contactIds, [membersOf(id)]);
        return { removed };
      });
    },

    async members(accountId: string, id: string, query: z.output<typeof listMembersQuerySchema>): Promise<ListMembersResponse> {
      await findOr404(accountId, id);
      const { rows, total } = await repo.memberPage(accountId, id, query);
      return { contacts: rows.map((row): ListMember => ({ ...toListContact(row), ...toMembership(row) })), total };
    },

    async stats(accountId: string, id: string): Promise<{ stats: ListStats }> {
      await findOr404(accountId, id);
      const counts = await repo.sourceCounts(id);
      const manualMembers = counts.get('manual') ?? 0;
      const smartRuleMembers = counts.get('smart_rule') ?? 0;
      const importedMembers = counts.get('import') ?? 0;
      return { stats: { totalMembers: [...counts.values()].reduce((sum, n) => sum + n, 0), manualMembers, smartRuleMembers, importedMembers } };
    },

    async availableContacts(accountId: string, id: string, query: z.output<typeof availableContactsQuerySchema>): Promise<{ contacts: ListContact[] }> {
      await findOr404(accountId, id);
      return { contacts: (await repo.availableContacts(accountId, id, query)).map(toListContact) };
    },

    /** Why a contact is (or is not) on a list: its membership, and each rule beside the contact's value. */
    async why(accountId: string, id: string, contactId: string): Promise<MembershipWhyResponse> {
      const list = await findOr404(accountId, id);
      assertIdOr404(contactId, CONTACT_NOT_FOUND);
      const contact = await repo.contactRow(accountId, contactId);
      if (!contact) throw new NotFound(CONTACT_NOT_FOUND);
      const membership = await repo.membership(id, contactId);
      const base = { contact: toListContact(contact), membership: membership ? toMembership(membership) : null };
      if (list.type !== 'smart') return { ...base, matchesRules: null, rules: [] };
      const rules = toJsonArray<ListRule>(fromJsonText(list.rules));
      const facts = toContactFacts(contact, await repo.listIdsOfContact(contactId));
      const explained = explainRules(rules, facts, await repo.ruleContext(accountId));
      return { ...base, matchesRules: explained.matched, rules: explained.rules };
    },
  };
}

export type ContactListsService = ReturnType<typeof createContactListsService>;
