import type { Knex } from 'knex';
import type { EventRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { scoped } from '../../http/tenancy';
import { applyWordSearch } from '../../db/wordSearch';

export type EventFilter = { search?: string; status?: string; campaignId?: string };

type Db = Knex | Knex.Transaction;
/** An event with its campaign's name (null without one). */
export type EventListRow = EventRow & { campaignName: string | null };

/** Columns written from the event form; attendance and money raised are never among them. */
export type EventWrite = {
  name: string;
  slug: string | null;
  description: string | null;
  eventType: string;
  status: string;
  campaignId: string;
  /** Instants of a timed event (null when all-day). */
  startDate: Date | null;
  endDate: Date | null;
  /** Calendar days (YYYY-MM-DD) of an all-day event (null when timed). */
  startDay: string | null;
  endDay: string | null;
  location: string | null;
  virtualUrl: string | null;
  isVirtual: boolean;
  isPublic: boolean;
  maxAttendees: number;
  fundraisingGoal: number;
  ticketPrice: number;
  allowDonations: boolean;
  requiresRsvp: boolean;
};

export function createEventsRepository(knex: Knex) {
  function base(accountId: string, db: Db = knex) {
    return scoped(db, 'events', accountId)
      .leftJoin('campaigns', function joinCampaign() {
        this.on('campaigns.id', '=', 'events.campaignId').andOn('campaigns.accountId', '=', 'events.accountId');
      })
      .select<EventListRow[]>('events.*', 'campaigns.name as campaignName');
  }

  return {
    async list(accountId: string, filter: EventFilter): Promise<EventListRow[]> {
      const query = base(accountId);
      if (filter.status) query.where('events.status', filter.status);
      if (filter.campaignId) query.where('events.campaignId', filter.campaignId);
      applyWordSearch(query, ['events.name', 'events.location', 'events.description'], filter.search);
      // Calendar order is made by the service: timed and all-day events sort together.
      return query.orderBy('events.id');
    },

    async findById(accountId: string, id: string, db: Db = knex): Promise<EventListRow | undefined> {
      return base(accountId, db).where('events.id', id).first();
    },

    /**
     * The first `limit` events of each kind from `from` on: timed ones starting at or after `from`,
     * all-day ones on or after `fromDay`, and undated ('TBD') ones. The service merges them.
     */
    async upcoming(accountId: string, filter: { from: Date; fromDay: string; campaignId?: string; limit: number }): Promise<EventListRow[]> {
      const kinds = [
        base(accountId).where('events.startDate', '>=', filter.from).orderBy('events.startDate'),
        base(accountId).where('events.startDay', '>=', filter.fromDay).orderBy('events.startDay'),
        base(accountId).whereNull('events.startDate').whereNull('events.startDay').orderBy('events.createdAt'),
      ];
      const rows = await Promise.all(
        kinds.map((query) => {
          if (filter.campaignId) query.where('events.campaignId', filter.campaignId);
          return query.orderBy('events.id').limit(filter.limit);
        }),
      );
      return rows.flat();
    },

    transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return inTransaction(knex, work);
    },

    async campaignExists(db: Db, accountId: string, campaignId: string): Promise<boolean> {
      return Boolean(await scoped(db, 'campaigns', accountId).where('campaigns.id', campaignId).first('campaigns.id'));
    },

    async exists(db: Db, accountId: string, id: string): Promise<boolean> {
      return Boolean(await scoped(db, 'events', accountId).where('events.id', id).first('events.id'));
    },

    async insert(db: Db, row: EventWrite & { id: string; accountId: string; createdBy: string | null }): Promise<void> {
      const now = new Date();
      await db('events').insert({ ...row, createdAt: now, updatedAt: now });
    },

    async update(db: Db, accountId: string, id: string, row: EventWrite): Promise<number> {
      return scoped(db, 'events', accountId)
        .where('events.id', id)
        .update({ ...row, updatedAt: new Date() });
    },

    async remove(db: Db, accountId: string, id: string): Promise<number> {
      return scoped(db, 'events', accountId).where('events.id', id).del();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
