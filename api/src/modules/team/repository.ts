import type { Knex } from 'knex';
import { engineOf } from '../../db';
import type { DbTime } from '../../db/rows';
import { newId } from '../../lib/ids';

type Db = Knex | Knex.Transaction;

export type MemberRow = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  twoFactorEnabledAt: DbTime | null;
  lastLoginAt: DbTime | null;
  joinedAt: DbTime;
};

export type InvitationRow = {
  id: string;
  accountId: string;
  email: string;
  role: string;
  invitedByUserId: string | null;
  inviterFirstName?: string | null;
  inviterLastName?: string | null;
  expiresAt: DbTime;
  acceptedAt: DbTime | null;
  revokedAt: DbTime | null;
  createdAt: DbTime;
};

export type PlanRow = { id: string; name: string; users: number };

export function createTeamRepository(knex: Knex) {
  return {
    knex,

    /** Locks the account's row until the transaction ends (MariaDB), so seat counts cannot race. */
    async lockAccount(trx: Knex.Transaction, accountId: string): Promise<void> {
      const query = trx('accounts').where('id', accountId).first('id');
      if (engineOf(trx) === 'mysql') query.forUpdate();
      await query;
    },

    async members(db: Db, accountId: string): Promise<MemberRow[]> {
      return db('memberships')
        .join('users', 'users.id', 'memberships.userId')
        .where('memberships.accountId', accountId)
        .orderBy('memberships.createdAt', 'asc')
        .orderBy('memberships.id', 'asc')
        .select(
          'users.id as userId',
          'users.firstName as firstName',
          'users.lastName as lastName',
          'users.email as email',
          'memberships.role as role',
          'users.twoFactorEnabledAt as twoFactorEnabledAt',
          'users.lastLoginAt as lastLoginAt',
          'memberships.createdAt as joinedAt',
        );
    },

    async member(db: Db, accountId: string, userId: string): Promise<MemberRow | undefined> {
      return (await this.members(db, accountId)).find((row) => row.userId === userId);
    },

    async memberByEmail(db: Db, accountId: string, email: string): Promise<boolean> {
      const row = await db('memberships')
        .join('users', 'users.id', 'memberships.userId')
        .where({ 'memberships.accountId': accountId, 'users.email': email })
        .first('memberships.id');
      return Boolean(row);
    },

    async countMembers(db: Db, accountId: string): Promise<number> {
      const row = await db('memberships').where({ accountId }).count<{ count: number | string }[]>({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },

    async countOwners(db: Db, accountId: string): Promise<number> {
      const row = await db('memberships').where({ accountId, role: 'owner' }).count<{ count: number | string }[]>({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },

    async setRole(db: Db, accountId: string, userId: string, role: string, at: Date): Promise<void> {
      await db('memberships').where({ accountId, userId }).update({ role, updatedAt: at });
    },

    async removeMember(db: Db, accountId: string, userId: string): Promise<void> {
      await db('memberships').where({ accountId, userId }).delete();
    },

    async addMember(db: Db, accountId: string, userId: string, role: string, at: Date): Promise<void> {
      await db('memberships').insert({ id: newId(), accountId, userId, role, createdAt: at, updatedAt: at });
    },

    /** Ends the user's sessions that act in this account; sessions of their other accounts live on. */
    async revokeSessionsIn(db: Db, accountId: string, userId: string, at: Date): Promise<number> {
      return db('sessions').where({ accountId, userId }).whereNull('revokedAt').update({ revokedAt: at });
    },

    /** Invitations not accepted nor revoked, expired ones included (the page offers to resend them). */
    async openInvitations(db: Db, accountId: string): Promise<InvitationRow[]> {
      return db('team_invitations')
        .leftJoin('users', 'users.id', 'team_invitations.invitedByUserId')
        .where('team_invitations.accountId', accountId)
        .whereNull('team_invitations.acceptedAt')
        .whereNull('team_invitations.revokedAt')
        .orderBy('team_invitations.createdAt', 'desc')
        .select('team_invitations.*', 'users.firstName as inviterFirstName', 'users.lastName as inviterLastName');
    },

    async invitation(db: Db, accountId: string, id: string): Promise<InvitationRow | undefined> {
      return db('team_invitations').where({ accountId, id }).first();
    },

    async invitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
      return db('team_invitations').where({ tokenHash }).first();
    },

    async insertInvitation(
      db: Db,
      invitation: { accountId: string; email: string; role: string; tokenHash: string; invitedByUserId: string; expiresAt: Date },
      at: Date,
    ): Promise<string> {
      const id = newId();
      await db('team_invitations').insert({ id, ...invitation, acceptedAt: null, revokedAt: null, createdAt: at, updatedAt: at });
      return id;
    },

    /** A new link (the old one stops working) and a new expiry. */
    async renewInvitation(db: Db, id: string, tokenHash: string, expiresAt: Date, at: Date): Promise<void> {
      await db('team_invitations').where({ id }).update({ tokenHash, expiresAt, updatedAt: at });
    },

    /** True for the one request that closes an open invitation (single use, even when two race). */
    async closeInvitation(db: Db, id: string, change: { acceptedAt?: Date; acceptedUserId?: string; revokedAt?: Date }, at: Date): Promise<boolean> {
      const updated = await db('team_invitations')
        .where({ id })
        .whereNull('acceptedAt')
        .whereNull('revokedAt')
        .update({ ...change, updatedAt: at });
      return updated === 1;
    },

    async plan(db: Db, accountId: string): Promise<PlanRow> {
      const row = await db('accounts')
        .join('plans', 'plans.id', 'accounts.planId')
        .where('accounts.id', accountId)
        .first('plans.id as id', 'plans.name as name', 'plans.users as users');
      return { id: String(row.id), name: String(row.name), users: Number(row.users) };
    },

    /** The smallest plan with more users than `users`, for the upgrade offer. */
    async planAbove(db: Db, users: number): Promise<PlanRow | undefined> {
      const row = await db('plans').where('users', '>', users).orderBy('users', 'asc').first('id', 'name', 'users');
      return row ? { id: String(row.id), name: String(row.name), users: Number(row.users) } : undefined;
    },

    async userByEmail(db: Db, email: string): Promise<{ id: string; passwordHash: string | null; status: string } | undefined> {
      return db('users').where({ email }).first('id', 'passwordHash', 'status');
    },

    async insertUser(db: Db, user: { email: string; firstName: string; lastName: string; passwordHash: string }, at: Date): Promise<string> {
      const id = newId();
      await db('users').insert({ id, ...user, status: 'active', createdAt: at, updatedAt: at });
      return id;
    },

    async accountName(db: Db, accountId: string): Promise<string> {
      const row = await db('accounts').where('id', accountId).first('name');
      return String(row?.name ?? '');
    },

    async userName(db: Db, userId: string): Promise<string> {
      const row = await db('users').where('id', userId).first('firstName', 'lastName');
      return row ? `${row.firstName} ${row.lastName}`.trim() : '';
    },

    /** The caller's accounts with their role in each, oldest first. */
    async accountsOf(db: Db, userId: string): Promise<Array<{ id: string; name: string; organizationType: string; role: string }>> {
      return db('memberships')
        .join('accounts', 'accounts.id', 'memberships.accountId')
        .where('memberships.userId', userId)
        .andWhere('accounts.status', 'active')
        .orderBy('accounts.id', 'asc')
        .select('accounts.id as id', 'accounts.name as name', 'accounts.organizationType as organizationType', 'memberships.role as role');
    },

    async moveSession(db: Db, sessionId: string, accountId: string): Promise<void> {
      await db('sessions').where({ id: sessionId }).update({ accountId });
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
