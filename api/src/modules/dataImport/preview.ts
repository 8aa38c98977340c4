import type { z } from 'zod';
import type {
  ImportDuplicatesResponse,
  importDuplicatesRequestSchema,
  ImportFingerprintResponse,
  ImportLimitsResponse,
  importLimitsRequestSchema,
} from '@caucus/contract';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { importedBeforeMessage, previewDuplicateGifts, toFingerprintMatch, workspaceTimeZone } from './duplicates';
import { previewLimitWarnings } from './limits';
import { CAMPAIGN_NOT_FOUND } from './messages';
import type { DataImportRepository } from './repository';

/** The wizard's questions before an import starts: the same file imported before, duplicate gifts, contribution limits. */
export function createImportPreview(repo: DataImportRepository) {
  return {
    /** The standing imports of the same content (GET /api/data-import/fingerprint), with the sentence the wizard shows. */
    async byFingerprint(accountId: string, fingerprint: string): Promise<ImportFingerprintResponse & { message: string | null }> {
      const rows = await repo.importsByFingerprint(accountId, fingerprint);
      const message = rows[0] ? importedBeforeMessage(rows[0], await workspaceTimeZone(repo.knex, accountId)) : null;
      return { imports: rows.map(toFingerprintMatch), message };
    },

    /** The review's possible duplicate gifts (POST /api/data-import/duplicates). */
    async duplicates(accountId: string, input: z.output<typeof importDuplicatesRequestSchema>): Promise<ImportDuplicatesResponse> {
      return { duplicates: await previewDuplicateGifts(repo.knex, accountId, input) };
    },

    async limits(accountId: string, input: z.output<typeof importLimitsRequestSchema>): Promise<ImportLimitsResponse> {
      assertIdOr404(input.campaignId, CAMPAIGN_NOT_FOUND);
      if (!(await repo.knex('campaigns').where({ accountId, id: input.campaignId }).first('id'))) throw new NotFound(CAMPAIGN_NOT_FOUND);
      return { warnings: await previewLimitWarnings(repo.knex, accountId, input) };
    },
  };
}
