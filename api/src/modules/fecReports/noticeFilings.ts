import type { NoticeFiledResponse } from '@caucus/contract';
import { toIsoDate } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import type { FecReportsContext } from './context';
import { DONATION_NOT_FOUND } from './messages';

/** Whether a receipt's 48-hour notice was filed, and on which day (today where the account is by default). */
export function createNoticeFilings({ repo, compliance, today }: FecReportsContext) {
  return {
    async setNoticeFiled(accountId: string, actor: AuditActor, donationId: string, filed: boolean, filedOn: string | null): Promise<NoticeFiledResponse> {
      assertIdOr404(donationId, DONATION_NOT_FOUND);
      const donation = await compliance.repo.findDonation(repo.reader(), accountId, donationId);
      if (!donation) throw new NotFound(DONATION_NOT_FOUND);
      const day = filedOn ?? (await today(accountId));
      await repo.transaction(async (trx) => {
        const before = await repo.findNoticeFiling(trx, accountId, donationId);
        await repo.deleteNoticeFiling(trx, accountId, donationId);
        const nowAt = new Date();
        if (filed) await repo.insertNoticeFiling(trx, { id: newId(), accountId, donationId, filedOn: day, createdAt: nowAt, updatedAt: nowAt });
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'donation',
          entityId: donationId,
          action: filed ? 'notice-filed' : 'notice-unfiled',
          before: { noticeFiledOn: before ? toIsoDate(before.filedOn) : null },
          after: { noticeFiledOn: filed ? day : null },
        });
      });
      return { donationId, filed, filedOn: filed ? day : null };
    },
  };
}
