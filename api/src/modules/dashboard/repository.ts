import type { Knex } from 'knex';
import { compiledQuery } from '../../db/compiledQuery';
import { scoped } from '../../http/tenancy';

/**
 * The overview's aggregates (COUNT and SUM come back as number, text or bigint depending on the
 * engine: read them with toInt and toMoney). The contact side has no totalDonated for one campaign.
 */
export type OverviewFiguresRow = {
  totalCampaigns?: unknown;
  activeCampaigns?: unknown;
  totalRaised?: unknown;
  totalGoal?: unknown;
  averageProgress?: unknown;
  totalContacts?: unknown;
  activeContacts?: unknown;
  totalDonated?: unknown;
};

/**
 * The overview's figures, each one aggregate query: rows are counted and summed by the database and
 * never loaded here. Counts come back as number, string or bigint depending on the engine.
 */
export function createDashboardRepository(knex: Knex) {
  function campaignFigures(accountId: string, campaignId?: string): Knex.QueryBuilder {
    const query = scoped(knex, 'campaigns', accountId).select(
      knex.raw('count(*) as ??', ['totalCampaigns']),
      knex.raw('coalesce(sum(case when ?? = ? then 1 else 0 end), 0) as ??', ['campaigns.status', 'active', 'activeCampaigns']),
      knex.raw('coalesce(sum(??), 0) as ??', ['campaigns.amountRaised', 'totalRaised']),
      knex.raw('coalesce(sum(??), 0) as ??', ['campaigns.fundraisingGoal', 'totalGoal']),
      // Progress per campaign capped at 100%, averaged over campaigns that have a goal.
      knex.raw('coalesce(avg(case when ?? > 0 then case when ?? >= ?? then 100 else ?? * 100.0 / ?? end end), 0) as ??', [
        'campaigns.fundraisingGoal',
        'campaigns.amountRaised',
        'campaigns.fundraisingGoal',
        'campaigns.amountRaised',
        'campaigns.fundraisingGoal',
        'averageProgress',
      ]),
    );
    if (campaignId) query.where('campaigns.id', campaignId);
    return query;
  }

  /**
   * Read from the tallies the triggers keep (migration 20261123150000): one row per contact status,
   * whatever the number of contacts.
   */
  function contactFigures(accountId: string): Knex.QueryBuilder {
    return scoped(knex, 'account_contact_tallies', accountId).select(
      knex.raw('coalesce(sum(??), 0) as ??', ['account_contact_tallies.contacts', 'totalContacts']),
      knex.raw('coalesce(sum(case when ?? = ? then ?? else 0 end), 0) as ??', [
        'account_contact_tallies.contactStatus',
        'active',
        'account_contact_tallies.contacts',
        'activeContacts',
      ]),
      knex.raw('coalesce(sum(??), 0) as ??', ['account_contact_tallies.totalDonated', 'totalDonated']),
    );
  }

  /** Contacts of the account with a donation or a pledge to the campaign, from the campaign's tallies. */
  function campaignContactFigures(accountId: string, campaignId: string): Knex.QueryBuilder {
    return scoped(knex, 'campaign_contact_tallies', accountId)
      .where('campaign_contact_tallies.campaignId', campaignId)
      .select(
        knex.raw('coalesce(sum(??), 0) as ??', ['campaign_contact_tallies.contacts', 'totalContacts']),
        knex.raw('coalesce(sum(case when ?? = ? then ?? else 0 end), 0) as ??', [
          'campaign_contact_tallies.contactStatus',
          'active',
          'campaign_contact_tallies.contacts',
          'activeContacts',
        ]),
      );
  }

  /**
   * The campaign figures and the contact figures (of the account, or of one campaign) in one
   * statement: each side is one aggregate row, so the two are joined in the database and the overview
   * costs a single round trip. The dashboard is every session's first page, so the statement is
   * compiled once per shape (compiledQuery.ts).
   */
  function overview(params: { accountId: string; campaignId?: string }): Knex.QueryBuilder {
    const { accountId, campaignId } = params;
    const contacts = campaignId ? campaignContactFigures(accountId, campaignId) : contactFigures(accountId);
    return knex
      .select('*')
      .from(campaignFigures(accountId, campaignId).as('campaignFigures'))
      .crossJoin(knex.raw('? as ??', [contacts, 'contactFigures']))
      .limit(1);
  }
  const overviewOfAccount = compiledQuery<{ accountId: string }, OverviewFiguresRow>(knex, overview);
  const overviewOfCampaign = compiledQuery<{ accountId: string; campaignId: string }, OverviewFiguresRow>(knex, overview);

  return {
    /** The overview's figures in a single round trip (see overview above). */
    async overviewFigures(accountId: string, campaignId?: string): Promise<OverviewFiguresRow> {
      const row = campaignId ? await overviewOfCampaign.first({ accountId, campaignId }) : await overviewOfAccount.first({ accountId });
      return row ?? {};
    },

    /** Whether the account holds any row of each kind the checklist follows: one indexed probe each. */
    async gettingStartedFacts(accountId: string, userId: string) {
      const any = async (query: Knex.QueryBuilder): Promise<boolean> => Boolean(await query.first());
      const [campaign, importedFile, contact, contactByHand, list, twoFactor] = await Promise.all([
        any(scoped(knex, 'campaigns', accountId).select('campaigns.id')),
        // A donor file counts once an import finished with rows in it and was not undone.
        any(
          scoped(knex, 'imports', accountId)
            .where('imports.status', 'completed')
            .where('imports.recordsImported', '>', 0)
            .whereNull('imports.undoneAt')
            .select('imports.id'),
        ),
        any(scoped(knex, 'contacts', accountId).select('contacts.id')),
        // "Add a contact" is a contact recorded by hand; an import's contacts are the import step's.
        any(scoped(knex, 'contacts', accountId).where('contacts.source', 'manual').select('contacts.id')),
        any(scoped(knex, 'contact_lists', accountId).select('contact_lists.id')),
        any(knex('users').where('id', userId).whereNotNull('twoFactorEnabledAt').select('id')),
      ]);
      return { campaign, importedFile, contact, contactByHand, list, twoFactor };
    },

    async campaignExists(accountId: string, campaignId: string): Promise<boolean> {
      return Boolean(await scoped(knex, 'campaigns', accountId).where('campaigns.id', campaignId).first('campaigns.id'));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
