import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import type { CampaignRow } from '../../db/rows';
import { toMoney } from '../../db/values';
import type { Mailer } from '../email';
import { readPreferences } from './preferences';

type Db = Knex | Knex.Transaction;

/** What the financials module tells once a donation is recorded, inside the transaction that recorded it. */
export type DonationRecorded = {
  accountId: string;
  donationId: string;
  contactId: string;
  campaignId: string;
  /** Who entered it; null when no person did (an import, a webhook). */
  recordedBy: string | null;
  amount: number;
  /** The calendar day of the gift, YYYY-MM-DD. */
  donationDate: string;
  /** Whether it counts toward the campaign's total (completed). */
  counted: boolean;
};

export type Notifier = {
  /**
   * Queues the notice emails a recorded donation causes: "new donation" to the colleagues who want
   * it, and "campaign reached its goal" when this gift took the total there. Called after the
   * campaign's total was updated in the same transaction, so the emails exist only if the donation does.
   */
  donationRecorded(trx: Db, event: DonationRecorded): Promise<void>;
};

type Member = { id: string; email: string; firstName: string; preferences: string | null };

const cents = (amount: number) => Math.round(amount * 100);
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
/** A calendar date as a US reader writes it, the same day in every timezone. */
const calendarDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/**
 * The product's notice emails, each sent only to the members whose Settings > Notifications (and the
 * Account page's "Email notifications" switch) ask for it.
 */
export function createNotifier(deps: { mailer: Mailer; config: Pick<AppConfig, 'publicUrl'> }): Notifier {
  const { mailer, config } = deps;

  async function membersOf(db: Db, accountId: string): Promise<Member[]> {
    return db('memberships')
      .join('users', 'users.id', 'memberships.userId')
      .where('memberships.accountId', accountId)
      .andWhere('users.status', 'active')
      .select('users.id as id', 'users.email as email', 'users.firstName as firstName', 'users.preferences as preferences')
      .orderBy('users.id');
  }

  const wants = (member: Member, key: 'newDonations' | 'campaignUpdates') => {
    const { notifications } = readPreferences(member.preferences);
    return notifications.emailNotifications && notifications[key];
  };

  return {
    async donationRecorded(db, event) {
      const members = await membersOf(db, event.accountId);
      const toTell = members.filter((member) => member.id !== event.recordedBy && wants(member, 'newDonations'));
      const campaign: Pick<CampaignRow, 'name' | 'fundraisingGoal' | 'amountRaised'> | undefined = await db('campaigns')
        .where({ id: event.campaignId, accountId: event.accountId })
        .first('name', 'fundraisingGoal', 'amountRaised');
      if (!campaign) return;
      const goal = cents(toMoney(campaign.fundraisingGoal));
      const after = cents(toMoney(campaign.amountRaised));
      // Exactly the gift that crossed the line: the ones after it find the goal already reached.
      const reachedGoal = event.counted && goal > 0 && after >= goal && after - cents(event.amount) < goal;
      const goalAudience = reachedGoal ? members.filter((member) => wants(member, 'campaignUpdates')) : [];
      if (toTell.length === 0 && goalAudience.length === 0) return;

      const contact = (await db('contacts').where({ id: event.contactId, accountId: event.accountId }).first('firstName', 'lastName', 'organization')) as
        { firstName: string | null; lastName: string | null; organization: string | null } | undefined;
      const donor = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ') || contact?.organization || 'A contact';
      const recorder = event.recordedBy ? members.find((member) => member.id === event.recordedBy) : undefined;
      const link = `${config.publicUrl}/dashboard/contacts/${event.contactId}`;
      const footer = [
        '',
        `Choose which emails you get in Settings > Notifications: ${config.publicUrl}/dashboard/settings/notifications`,
        '',
        'The Caucus team',
      ];

      for (const member of toTell) {
        await mailer.send(db, {
          to: member.email,
          kind: 'new_donation',
          subject: `New donation: ${usd(event.amount)} from ${donor}`,
          text: [
            `Hi ${member.firstName},`,
            '',
            `${recorder ? `${recorder.firstName} recorded` : 'Caucus recorded'} a donation of ${usd(event.amount)} from ${donor} to ${campaign.name}, dated ${calendarDay(event.donationDate)}${event.counted ? '' : ' (not completed yet, so not counted in the totals)'}.`,
            '',
            `Donor record: ${link}`,
            ...footer,
          ].join('\n'),
        });
      }
      for (const member of goalAudience) {
        await mailer.send(db, {
          to: member.email,
          kind: 'campaign_goal_reached',
          subject: `${campaign.name} reached its goal of ${usd(goal / 100)}`,
          text: [
            `Hi ${member.firstName},`,
            '',
            `${campaign.name} has raised ${usd(after / 100)}, reaching its fundraising goal of ${usd(goal / 100)}. The gift that took it there: ${usd(event.amount)} from ${donor}.`,
            '',
            `Campaign: ${config.publicUrl}/dashboard/campaigns/${event.campaignId}`,
            ...footer,
          ].join('\n'),
        });
      }
    },
  };
}
