import type { CallbacksResponse, OpenPledgesResponse } from '@caucus/contract';
import { toIsoDate, toMoney } from '../../db/values';
import { addDays, daysBetween, endOfTodayIn, todayIn } from '../../lib/calendarDays';
import { centsOf } from '../compliance/limitEngine';
import { fullName, str } from '../shared/contactActivity';
import { toCall } from './callView';
import type { CallTimeContext } from './context';

/** A pledge is chased a week after it is made unless it has a due date. */
export const REMINDER_DAYS = 7;

/** What is left to chase after the calls: the call-backs due by the end of today and the pledges not yet fulfilled. */
export function createFollowUps({ repo, now }: CallTimeContext) {
  return {
    async callbacksDue(accountId: string): Promise<CallbacksResponse> {
      const until = endOfTodayIn(await repo.accountTimeZone(repo.reader(), accountId), now());
      return { callbacks: (await repo.callbacksDue(accountId, until)).map(toCall) };
    },

    async openPledges(accountId: string): Promise<OpenPledgesResponse> {
      const today = todayIn(await repo.accountTimeZone(repo.reader(), accountId), now());
      return {
        pledges: (await repo.openPledges(accountId)).map((row) => {
          const pledgeDate = toIsoDate(row.pledgeDate);
          const pledgeAmount = toMoney(row.pledgeAmount);
          const amountFulfilled = toMoney(row.amountFulfilled);
          return {
            id: row.id,
            contactId: row.contactId,
            contactName: fullName(row.contactFirstName, row.contactLastName, row.contactOrganization),
            phone: str(row.contactPhone) ?? str(row.contactMobile),
            campaign: row.campaignId && row.campaignName ? { id: row.campaignId, name: row.campaignName } : null,
            pledgeAmount,
            amountFulfilled,
            remaining: Math.max(0, centsOf(pledgeAmount) - centsOf(amountFulfilled)) / 100,
            pledgeDate,
            ageDays: pledgeDate ? Math.max(0, daysBetween(pledgeDate, today)) : 0,
            reminderDate: toIsoDate(row.dueDate) ?? (pledgeDate ? addDays(pledgeDate, REMINDER_DAYS) : null),
            status: row.status,
          };
        }),
      };
    },
  };
}
