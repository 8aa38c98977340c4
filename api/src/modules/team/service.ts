import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  CANNOT_REMOVE_SELF,
  EXISTING_LOGIN_PASSWORD,
  INVITATION_INVALID,
  INVITATION_PASSWORD_MIN_LENGTH,
  INVITATION_TTL_DAYS,
  LAST_OWNER,
  NEW_USER_DETAILS,
  OWNERSHIP_OWNERS_ONLY,
  ROLE_LABELS,
  seatLimitMessage,
  type AcceptInvitationInput,
  type MemberAccount,
  type Role,
  type TeamInvitation,
  type TeamResponse,
  type TeamSeats,
  type TeamUser,
} from '@caucus/contract';
import { inTransaction } from '../../db/transaction';
import type { DbTime } from '../../db/rows';
import { toIsoDateTime } from '../../db/values';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../http/errors';
import type { AuthState } from '../../http/types';
import { recordAudit } from '../../lib/audit';
import { isId } from '../../lib/ids';
import { roleOf, type AuthService, type ClientInfo, type LoginResult } from '../auth/service';
import type { PasswordHasher } from '../auth/passwords';
import { hashToken, looksLikeSessionToken, newSessionToken } from '../auth/tokens';
import type { Mailer } from '../email';
import type { InvitationRow, MemberRow, TeamRepository } from './repository';

const DAY_MS = 24 * 3600 * 1000;
type Knexish = Parameters<TeamRepository['members']>[0];

/** The 402-like refusal of an invitation beyond the plan: 409 with the upgrade in `details`. */
export class SeatLimitReached extends Conflict {
  constructor(message: string, upgradePlan: string | null) {
    super(message, upgradePlan ? { upgradePlan } : undefined);
  }
}

function isoOf(value: DbTime | null): string | null {
  return toIsoDateTime(value);
}

function toTeamUser(row: MemberRow): TeamUser {
  return {
    id: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: roleOf(row.role),
    twoFactorEnabled: Boolean(row.twoFactorEnabledAt),
    lastSignInAt: isoOf(row.lastLoginAt),
    joinedAt: isoOf(row.joinedAt) ?? '',
  };
}

function isLive(row: InvitationRow, at: Date): boolean {
  const expiresAt = isoOf(row.expiresAt);
  return !row.acceptedAt && !row.revokedAt && expiresAt !== null && Date.parse(expiresAt) > at.getTime();
}

function toInvitation(row: InvitationRow, at: Date): TeamInvitation {
  const inviter = row.inviterFirstName ? `${row.inviterFirstName} ${row.inviterLastName ?? ''}`.trim() : null;
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    invitedBy: inviter,
    expiresAt: isoOf(row.expiresAt) ?? '',
    createdAt: isoOf(row.createdAt) ?? '',
    expired: !isLive(row, at),
  };
}

function invitationEmail(inviter: string, accountName: string, role: Role, link: string): string {
  return [
    `${inviter} invited you to join ${accountName} on Caucus as ${ROLE_LABELS[role]}.`,
    '',
    'Open this link to accept:',
    '',
    link,
    '',
    `The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this invitation, ignore this email.`,
    '',
    'The Caucus team',
  ].join('\n');
}

export type AcceptResult =
  { accountId: string; accountName: string; signedIn: false } | (LoginResult & { accountId: string; accountName: string; signedIn: true });

export function createTeamService(deps: {
  repo: TeamRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  auth: Pick<AuthService, 'signInTo'>;
  now?: () => Date;
}) {
  const { repo, hasher, mailer, auth } = deps;
  const knex = repo.knex;
  const now = deps.now ?? (() => new Date());
  const actorOf = (who: AuthState) => ({ userId: who.userId, sessionId: who.sessionId });

  async function seatsOf(db: Knexish, accountId: string, at: Date): Promise<TeamSeats> {
    const [plan, members, invitations] = await Promise.all([repo.plan(db, accountId), repo.countMembers(db, accountId), repo.openInvitations(db, accountId)]);
    const upgrade = await repo.planAbove(db, plan.users);
    return {
      plan: plan.id,
      planName: plan.name,
      seats: plan.users,
      used: members + invitations.filter((row) => isLive(row, at)).length,
      upgradePlan: upgrade ?? null,
    };
  }

  async function sendInvitation(db: Knexish, row: { email: string; role: Role; accountId: string }, inviterId: string, token: string, siteUrl: string) {
    const [inviter, accountName] = await Promise.all([repo.userName(db, inviterId), repo.accountName(db, row.accountId)]);
    await mailer.send(db, {
      to: row.email,
      subject: `Join ${accountName} on Caucus`,
      text: invitationEmail(inviter || 'A colleague', accountName, row.role, `${siteUrl}/invitation?token=${encodeURIComponent(token)}`),
      kind: 'team_invitation',
    });
  }

  /** Only an owner may give the owner role or change an owner's. */
  function checkOwnership(who: AuthState, from: Role | null, to: Role | null): void {
    if ((from === 'owner' || to === 'owner') && who.role !== 'owner') throw new Forbidden(OWNERSHIP_OWNERS_ONLY);
  }

  async function memberOr404(db: Knexish, accountId: string, userId: string): Promise<MemberRow> {
    const row = isId(userId) ? await repo.member(db, accountId, userId) : undefined;
    if (!row) throw new NotFound('User not found');
    return row;
  }

  async function openInvitationOr404(db: Knexish, accountId: string, id: string): Promise<InvitationRow> {
    const row = isId(id) ? await repo.invitation(db, accountId, id) : undefined;
    if (!row || row.acceptedAt || row.revokedAt) throw new NotFound('Invitation not found');
    return row;
  }

  return {
    async team(who: AuthState): Promise<TeamResponse> {
      const at = now();
      const [members, invitations, seats] = await Promise.all([
        repo.members(knex, who.accountId),
        repo.openInvitations(knex, who.accountId),
        seatsOf(knex, who.accountId, at),
      ]);
      return { users: members.map(toTeamUser), invitations: invitations.map((row) => toInvitation(row, at)), seats };
    },

    async invite(who: AuthState, input: { email: string; role: Role }, siteUrl: string): Promise<TeamInvitation> {
      checkOwnership(who, null, input.role);
      const token = newSessionToken();
      const id = await inTransaction(knex, async (trx) => {
        const at = now();
        await repo.lockAccount(trx, who.accountId);
        if (await repo.memberByEmail(trx, who.accountId, input.email)) throw new Conflict(ALREADY_MEMBER, { email: ALREADY_MEMBER });
        const open = await repo.openInvitations(trx, who.accountId);
        if (open.some((row) => row.email === input.email && isLive(row, at))) throw new Conflict(ALREADY_INVITED, { email: ALREADY_INVITED });
        const seats = await seatsOf(trx, who.accountId, at);
        if (seats.used >= seats.seats) {
          throw new SeatLimitReached(seatLimitMessage(seats.planName, seats.seats, seats.upgradePlan), seats.upgradePlan?.id ?? null);
        }
        // An expired invitation to the same address is replaced by the new one.
        for (const stale of open.filter((row) => row.email === input.email)) await repo.closeInvitation(trx, stale.id, { revokedAt: at }, at);
        const invitationId = await repo.insertInvitation(
          trx,
          {
            accountId: who.accountId,
            email: input.email,
            role: input.role,
            tokenHash: hashToken(token),
            invitedByUserId: who.userId,
            expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
          },
          at,
        );
        await sendInvitation(trx, { email: input.email, role: input.role, accountId: who.accountId }, who.userId, token, siteUrl);
        await recordAudit(trx, {
          accountId: who.accountId,
          actor: actorOf(who),
          entityType: 'invitation',
          entityId: invitationId,
          action: 'invite',
          after: { email: input.email, role: input.role },
        });
        return invitationId;
      });
      const row = (await repo.openInvitations(knex, who.accountId)).find((candidate) => candidate.id === id)!;
      return toInvitation(row, now());
    },

    async resend(who: AuthState, id: string, siteUrl: string): Promise<TeamInvitation> {
      const token = newSessionToken();
      await inTransaction(knex, async (trx) => {
        const at = now();
        await repo.lockAccount(trx, who.accountId);
        const row = await openInvitationOr404(trx, who.accountId, id);
        checkOwnership(who, null, roleOf(row.role));
        // An expired invitation takes its seat back when resent: the seat must be free.
        if (!isLive(row, at)) {
          const seats = await seatsOf(trx, who.accountId, at);
          if (seats.used >= seats.seats)
            throw new SeatLimitReached(seatLimitMessage(seats.planName, seats.seats, seats.upgradePlan), seats.upgradePlan?.id ?? null);
        }
        await repo.renewInvitation(trx, row.id, hashToken(token), new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS), at);
        await sendInvitation(trx, { email: row.email, role: roleOf(row.role), accountId: who.accountId }, who.userId, token, siteUrl);
        await recordAudit(trx, {
          accountId: who.accountId,
          actor: actorOf(who),
          entityType: 'invitation',
          entityId: row.id,
          action: 'resend',
          after: { email: row.email },
        });
      });
      const row = (await repo.openInvitations(knex, who.accountId)).find((candidate) => candidate.id === id)!;
      return toInvitation(row, now());
    },

    async revoke(who: AuthState, id: string): Promise<void> {
      await inTransaction(knex, async (trx) => {
        const at = now();
        const row = await openInvitationOr404(trx, who.accountId, id);
        if (!(await repo.closeInvitation(trx, row.id, { revokedAt: at }, at))) throw new NotFound('Invitation not found');
        await recordAudit(trx, {
          accountId: who.accountId,
          actor: actorOf(who),
          entityType: 'invitation',
          entityId: row.id,
          action: 'revoke',
          before: { email: row.email, role: row.role },
        });
      });
    },

    async accept(input: AcceptInvitationInput, client: ClientInfo): Promise<AcceptResult> {
      const token = input.token.trim();
      if (!looksLikeSessionToken(token)) throw new BadRequest(INVITATION_INVALID);
      const invitation = await repo.invitationByTokenHash(knex, hashToken(token));
      if (!invitation || !isLive(invitation, now())) throw new BadRequest(INVITATION_INVALID);
      const existing = await repo.userByEmail(knex, invitation.email);
      let passwordHash: string | null = null;
      if (existing) {
        // The email already has a login: its password proves the invitee holds it, not just the link.
        const ok = existing.passwordHash && input.password ? await hasher.verify(existing.passwordHash, input.password) : false;
        if (!ok || existing.status !== 'active') throw new BadRequest(EXISTING_LOGIN_PASSWORD, { password: EXISTING_LOGIN_PASSWORD });
      } else {
        if (!input.firstName || !input.lastName || !input.password || input.password.length < INVITATION_PASSWORD_MIN_LENGTH) {
          throw new BadRequest(NEW_USER_DETAILS, {
            ...(!input.firstName && { firstName: 'First name is required' }),
            ...(!input.lastName && { lastName: 'Last name is required' }),
            ...((!input.password || input.password.length < INVITATION_PASSWORD_MIN_LENGTH) && { password: 'Password must be at least 8 characters long.' }),
          });
        }
        // Hashed before the transaction: argon2 is slow and must not hold a write lock.
        passwordHash = await hasher.hash(input.password);
      }
      const joined = await inTransaction(knex, async (trx) => {
        const at = now();
        const userId = existing
          ? existing.id
          : await repo.insertUser(trx, { email: invitation.email, firstName: input.firstName!, lastName: input.lastName!, passwordHash: passwordHash! }, at);
        if (!(await repo.closeInvitation(trx, invitation.id, { acceptedAt: at, acceptedUserId: userId }, at))) return undefined;
        if (await repo.member(trx, invitation.accountId, userId)) return { userId };
        await repo.addMember(trx, invitation.accountId, userId, invitation.role, at);
        await recordAudit(trx, {
          accountId: invitation.accountId,
          actor: { userId, sessionId: null },
          entityType: 'team_member',
          entityId: userId,
          action: 'join',
          after: { email: invitation.email, role: invitation.role, invitationId: invitation.id },
        });
        return { userId };
      });
      if (!joined) throw new BadRequest(INVITATION_INVALID);
      const accountName = await repo.accountName(knex, invitation.accountId);
      const session = await auth.signInTo(joined.userId, invitation.accountId, client);
      return session
        ? { ...session, accountId: invitation.accountId, accountName, signedIn: true }
        : { accountId: invitation.accountId, accountName, signedIn: false };
    },

    async changeRole(who: AuthState, userId: string, role: Role): Promise<TeamUser> {
      await inTransaction(knex, async (trx) => {
        await repo.lockAccount(trx, who.accountId);
        const member = await memberOr404(trx, who.accountId, userId);
        const from = roleOf(member.role);
        if (from === role) return;
        checkOwnership(who, from, role);
        if (from === 'owner' && (await repo.countOwners(trx, who.accountId)) <= 1) throw new Conflict(LAST_OWNER, { role: LAST_OWNER });
        await repo.setRole(trx, who.accountId, userId, role, now());
        await recordAudit(trx, {
          accountId: who.accountId,
          actor: actorOf(who),
          entityType: 'team_member',
          entityId: userId,
          action: 'role_change',
          before: { role: from },
          after: { role },
        });
      });
      return toTeamUser(await memberOr404(knex, who.accountId, userId));
    },

    /** Removes a member: their sessions in this account end now; what they did stays theirs. */
    async remove(who: AuthState, userId: string): Promise<void> {
      if (userId === who.userId) throw new BadRequest(CANNOT_REMOVE_SELF);
      await inTransaction(knex, async (trx) => {
        const at = now();
        await repo.lockAccount(trx, who.accountId);
        const member = await memberOr404(trx, who.accountId, userId);
        const role = roleOf(member.role);
        checkOwnership(who, role, null);
        if (role === 'owner' && (await repo.countOwners(trx, who.accountId)) <= 1) throw new Conflict(LAST_OWNER);
        await repo.removeMember(trx, who.accountId, userId);
        await repo.revokeSessionsIn(trx, who.accountId, userId, at);
        await recordAudit(trx, {
          accountId: who.accountId,
          actor: actorOf(who),
          entityType: 'team_member',
          entityId: userId,
          action: 'remove',
          before: { email: member.email, name: `${member.firstName} ${member.lastName}`.trim(), role },
        });
      });
    },

    async accounts(who: AuthState): Promise<MemberAccount[]> {
      const rows = await repo.accountsOf(knex, who.userId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        organizationType: row.organizationType,
        role: roleOf(row.role),
        current: row.id === who.accountId,
      }));
    },

    /** The session acts in another of the caller's accounts from now on. */
    async switchTo(who: AuthState, accountId: string): Promise<MemberAccount> {
      const target = (await this.accounts(who)).find((account) => account.id === accountId);
      if (!target) throw new NotFound('Account not found');
      await repo.moveSession(knex, who.sessionId, accountId);
      return { ...target, current: true };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
