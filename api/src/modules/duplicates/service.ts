import {
  type DuplicateContactSummary,
  type DuplicatePair,
  type DuplicateReason,
  type DuplicateScanStatus,
  type DuplicatesResponse,
  type duplicatesQuerySchema,
} from '@caucus/contract';
import type { z } from 'zod';
import type { ContactDuplicateRow, DuplicateScanRow } from '../../db/rows';
import { toInt, toIsoDateTime, toJsonArray, toMoney } from '../../db/values';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import type { JobQueue } from '../../jobs/types';
import type { ContactSummaryRow, DuplicatesRepository } from './repository';
import { createPairFinder, type FoundPair } from './scan';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export const DUPLICATE_NOT_FOUND = 'Duplicate pair not found';
/** Contacts read per query of the scan (and between two progress reports). */
export const SCAN_PAGE = 500;
/**
 * The scan is background work with a minute to spare (100,000 contacts took 2-9 s here): between two
 * pages it steps aside this long, so the requests of the people using the app go first
 * (docs/benchmarks.md, the duplicate scan).
 */
export const SCAN_PAUSE_MS = 3;
/** A scan running longer than this was cut off (100,000 contacts take well under a minute). */
export const STALE_SCAN_MS = 30 * 60_000;

export function toScanStatus(row: DuplicateScanRow): DuplicateScanStatus {
  return {
    id: row.id,
    status: row.status,
    done: toInt(row.done),
    total: toInt(row.total),
    pairsFound: toInt(row.pairsFound),
    startedAt: toIsoDateTime(row.startedAt),
    finishedAt: toIsoDateTime(row.finishedAt),
  };
}

function toSummary(row: ContactSummaryRow | undefined, id: string): DuplicateContactSummary {
  return {
    id,
    firstName: str(row?.firstName),
    lastName: str(row?.lastName),
    primaryEmail: str(row?.primaryEmail),
    primaryPhone: str(row?.primaryPhone),
    addressLine1: str(row?.addressLine1),
    city: str(row?.city),
    state: str(row?.state),
    zipCode: str(row?.zipCode),
    totalDonated: toMoney(row?.totalDonated ?? 0),
    donationCount: toInt(row?.donationCount),
    updatedAt: toIsoDateTime(row?.updatedAt ?? null),
  };
}

/** jobs: read when a scan starts (the app builds its queue after this service). */
export function createDuplicatesService(repo: DuplicatesRepository, jobs: () => JobQueue | null) {
  const service = {
    knex: repo.knex,

    /** The open pairs, newest first, each with both contacts; and the latest scan's progress. */
    async list(accountId: string, query: z.output<typeof duplicatesQuerySchema>): Promise<DuplicatesResponse> {
      const { rows, total } = await repo.openPage(accountId, query.limit, (query.page - 1) * query.limit);
      const contacts = await repo.contactsByIds(
        accountId,
        rows.flatMap((r) => [String(r.firstContactId), String(r.secondContactId)]),
      );
      const pairs: DuplicatePair[] = rows.map((r) => ({
        id: String(r.id),
        score: toInt(r.score),
        reasons: toJsonArray<DuplicateReason>(r.reasons),
        foundAt: toIsoDateTime(r.foundAt),
        contacts: [
          toSummary(contacts.get(String(r.firstContactId)), String(r.firstContactId)),
          toSummary(contacts.get(String(r.secondContactId)), String(r.secondContactId)),
        ],
      }));
      const scan = await repo.latestScan(accountId);
      return { pairs, total, page: query.page, limit: query.limit, scan: scan ? toScanStatus(scan) : null };
    },

    /** 'Not a duplicate': remembered, so later scans never offer the pair again. */
    async dismiss(accountId: string, actor: AuditActor, id: string): Promise<void> {
      assertIdOr404(id, DUPLICATE_NOT_FOUND);
      await repo.knex.transaction(async (trx) => {
        const pair = await repo.findPair(trx, accountId, id, true);
        if (!pair) throw new NotFound(DUPLICATE_NOT_FOUND);
        if (pair.status === 'dismissed') return;
        await repo.updatePair(trx, id, { status: 'dismissed', decidedBy: actor.userId, decidedAt: new Date() });
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'contact_duplicate',
          entityId: id,
          action: 'dismiss',
          before: { status: pair.status, firstContactId: pair.firstContactId, secondContactId: pair.secondContactId },
          after: { status: 'dismissed' },
        });
      });
    },

    /** Starts a scan of the account (or returns the one running) and queues it. */
    async startScan(accountId: string): Promise<DuplicateScanStatus> {
      const running = await repo.runningScan(accountId);
      // A scan still 'running' long after any scan ends was cut off (a restart mid-scan): it would
      // otherwise hold off every later scan, the nightly one included.
      if (running && Date.now() - new Date(running.startedAt).getTime() < STALE_SCAN_MS) return toScanStatus(running);
      if (running) await repo.updateScan(String(running.id), { status: 'failed', finishedAt: new Date() });
      const id = newId();
      await repo.insertScan({ id, accountId, status: 'running', done: 0, total: 0, pairsFound: 0, startedAt: new Date(), finishedAt: null });
      const queue = jobs();
      if (queue) await queue.enqueue('duplicate-scan', { scanId: id });
      else await service.runScan(id);
      const scan = await repo.findScan(id);
      // Written just above; only a deletion of the row in between (none in the app) leaves nothing.
      if (!scan) throw new Error(`Duplicate scan ${id} is gone`);
      return toScanStatus(scan);
    },

    async scanStatus(accountId: string): Promise<DuplicateScanStatus | null> {
      const row = await repo.latestScan(accountId);
      return row ? toScanStatus(row) : null;
    },

    /**
     * The job: reads the account's contacts a page at a time (progress after each), finds the pairs,
     * and brings the stored pairs in line: new pairs added (found now), open pairs updated or, when no
     * rule finds them any more, removed; dismissed pairs stay dismissed. Running it again is safe.
     */
    async runScan(scanId: string): Promise<void> {
      const scan = await repo.findScan(scanId);
      if (!scan || scan.status !== 'running') return;
      const accountId = String(scan.accountId);
      try {
        const total = await repo.countContacts(accountId);
        await repo.updateScan(scanId, { total, done: 0 });
        // Each page's keys are taken as it arrives (a few ms of work a page), so no single step holds
        // the event loop for the whole account.
        const finder = createPairFinder();
        let done = 0;
        let after = '';
        for (;;) {
          const page = await repo.contactsAfter(accountId, after, SCAN_PAGE);
          if (page.length === 0) break;
          finder.add(page);
          done += page.length;
          after = page[page.length - 1].id;
          await repo.updateScan(scanId, { done: Math.min(total, done) });
          // Requests go first between pages (SQLite's driver is synchronous: nothing else runs meanwhile).
          await new Promise((resolve) => setTimeout(resolve, SCAN_PAUSE_MS));
        }
        const found = await finder.pairs();
        await storePairs(accountId, found);
        await repo.updateScan(scanId, { status: 'done', done, total: Math.max(total, done), pairsFound: found.length, finishedAt: new Date() });
      } catch (err) {
        await repo.updateScan(scanId, { status: 'failed', finishedAt: new Date() });
        throw err;
      }
    },
  };

  async function storePairs(accountId: string, found: FoundPair[]): Promise<void> {
    const stored = new Map((await repo.storedPairs(accountId)).map((r) => [`${r.firstContactId}|${r.secondContactId}`, r]));
    const now = new Date();
    const inserts: ContactDuplicateRow[] = [];
    const updates: { id: string; values: Pick<ContactDuplicateRow, 'score' | 'reasons'> }[] = [];
    const seen = new Set<string>();
    for (const pair of found) {
      const key = `${pair.a}|${pair.b}`;
      seen.add(key);
      const reasons = JSON.stringify(pair.reasons);
      const current = stored.get(key);
      if (!current) {
        inserts.push({
          id: newId(),
          accountId,
          firstContactId: pair.a,
          secondContactId: pair.b,
          score: pair.score,
          reasons,
          status: 'open',
          foundAt: now,
          decidedBy: null,
          decidedAt: null,
        });
      } else if (current.status === 'open' && (toInt(current.score) !== pair.score || String(current.reasons) !== reasons)) {
        updates.push({ id: String(current.id), values: { score: pair.score, reasons } });
      }
    }
    const stale = [...stored.entries()].filter(([key, r]) => r.status === 'open' && !seen.has(key)).map(([, r]) => String(r.id));
    await repo.knex.transaction(async (trx) => {
      await repo.insertPairs(trx, inserts);
      for (const u of updates) await repo.updatePair(trx, u.id, u.values);
      await repo.deletePairs(trx, accountId, stale);
    });
  }

  return service;
}

export type DuplicatesService = ReturnType<typeof createDuplicatesService>;
