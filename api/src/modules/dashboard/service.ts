import type { CaucusEvent, DashboardOverview, GettingStarted, GettingStartedStep } from '@caucus/contract';
import { GETTING_STARTED_STEPS } from '@caucus/contract';
import { toInt, toMoney } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import type { EventsService } from '../events/service';
import type { DashboardRepository } from './repository';

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

export function createDashboardService(repo: DashboardRepository, events: EventsService) {
  async function assertCampaign(accountId: string, campaignId: string): Promise<void> {
    assertIdOr404(campaignId, 'Campaign not found');
    if (!(await repo.campaignExists(accountId, campaignId))) throw new NotFound('Campaign not found');
  }

  return {
    /**
     * Whole account, or one campaign: then its own figures, and as contacts the distinct people who
     * donated or pledged to it, with totalDonated being what the campaign raised.
     */
    async overview(accountId: string, campaignId?: string): Promise<DashboardOverview> {
      if (campaignId) assertIdOr404(campaignId, 'Campaign not found');
      const figures = await repo.overviewFigures(accountId, campaignId);
      // Filtered by a campaign of another account (or none), the campaign figures count nothing.
      if (campaignId && toInt(figures.totalCampaigns) === 0) throw new NotFound('Campaign not found');
      const totalCampaigns = toInt(figures.totalCampaigns);
      const totalRaised = toMoney(figures.totalRaised);
      const totalGoal = toMoney(figures.totalGoal);
      const totalContacts = toInt(figures.totalContacts);
      return {
        campaigns: {
          totalCampaigns,
          activeCampaigns: toInt(figures.activeCampaigns),
          totalRaised,
          totalGoal,
          averageProgress: oneDecimal(Number(figures.averageProgress) || 0),
        },
        contacts: {
          totalContacts,
          activeContacts: toInt(figures.activeContacts),
          totalDonated: campaignId ? totalRaised : toMoney(figures.totalDonated),
        },
        summary: {
          totalCampaigns,
          totalContacts,
          totalRaised,
          goalProgress: totalGoal > 0 ? oneDecimal((totalRaised / totalGoal) * 100) : 0,
        },
      };
    },

    /** The getting-started checklist, from what the account really holds (docs/product/first-run-and-settings.md, First run). */
    async gettingStarted(accountId: string, userId: string): Promise<GettingStarted> {
      const facts = await repo.gettingStartedFacts(accountId, userId);
      const done: Record<GettingStartedStep, boolean> = {
        createCampaign: facts.campaign,
        importDonorFile: facts.importedFile,
        addContact: facts.contactByHand,
        buildList: facts.list,
        // A personal step: the signed-in user's own two-factor sign-in.
        twoFactor: facts.twoFactor,
      };
      return {
        isNewAccount: !(facts.campaign && facts.contact && facts.list),
        steps: GETTING_STARTED_STEPS.map((id) => ({ id, done: done[id] })),
      };
    },

    async upcomingEvents(accountId: string, filter: { campaignId?: string; limit: number }): Promise<CaucusEvent[]> {
      if (filter.campaignId) await assertCampaign(accountId, filter.campaignId);
      return events.upcoming(accountId, filter);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
