import { z } from 'zod';
import { EMAIL_PATTERN, isRealDateInRange, queryInt } from './common';
import { ROLES, type Permission, type Role } from './permissions';

/** An invitation is a single-use link that lives this long. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_PASSWORD_MIN_LENGTH = 8;

const roleField = (label: string) => z.enum(ROLES, { error: `${label} must be one of: Owner, Admin, Treasurer, Staff, Read-only` });

export const invitationSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'Email is invalid')
    .regex(EMAIL_PATTERN, 'Email is invalid')
    .transform((email) => email.toLowerCase()),
  role: roleField('Role'),
});
export type InvitationInput = z.input<typeof invitationSchema>;

export const roleChangeSchema = z.object({ role: roleField('Role') });

const nameField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .optional();

export const acceptInvitationSchema = z.object({
  token: z.string({ error: 'Invitation link is invalid' }).trim().min(1, 'Invitation link is invalid').max(256, 'Invitation link is invalid'),
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  password: z.string({ error: 'Password must be text' }).min(1, 'Password is required').max(1024, 'Password is too long').optional(),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isRealDateInRange, `${label} must be a real date`)
    .optional();

const idFilter = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(36, `${label} is too long`)
    .optional();

export const auditQuerySchema = z.object({
  entityType: z.string({ error: 'Record type must be text' }).trim().max(32, 'Record type is too long').optional(),
  entityId: idFilter('Record'),
  userId: idFilter('User'),
  from: calendarDate('From'),
  to: calendarDate('To'),
  page: queryInt('Page', 1, 100_000, 1),
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
export const AUDIT_PAGE_SIZE = 50;

export const INVITATION_INVALID = 'This invitation link is invalid, expired or already used. Ask for a new invitation.';
export const LAST_OWNER = 'An account needs at least one owner: make someone else owner first.';
export const OWNERSHIP_OWNERS_ONLY = 'Only an owner can give or take away the owner role.';
export const ALREADY_MEMBER = 'This person is already a member of this account.';
export const ALREADY_INVITED = 'This person already has a pending invitation; resend it instead.';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the account.';
export const EXISTING_LOGIN_PASSWORD = 'This email already has a Caucus login: enter its password to join.';
export const NEW_USER_DETAILS = 'First name, last name and a password of at least 8 characters are required to join.';

/** The refusal of an invitation beyond the plan's seats; names the plan that allows more. */
export function seatLimitMessage(planName: string, seats: number, nextPlan: { name: string; users: number } | null): string {
  const base = `Your ${planName} plan includes ${seats} ${seats === 1 ? 'user' : 'users'}, and they are all taken or invited.`;
  return nextPlan
    ? `${base} The ${nextPlan.name} plan allows ${nextPlan.users}: upgrade in Settings > Payment.`
    : `${base} Remove a user or revoke an invitation first.`;
}

/** The refusal of a plan with fewer users than the account has (members and open invitations). */
export function planTooSmallMessage(planName: string, seats: number, members: number, invitations: number): string {
  const over = members + invitations - seats;
  const pending = invitations > 0 ? ` and ${invitations} open ${invitations === 1 ? 'invitation' : 'invitations'}` : '';
  return `The ${planName} plan includes ${seats} ${seats === 1 ? 'user' : 'users'}; this account has ${members}${pending}. Choose who to remove first in Settings > Team (${over} to go), then change the plan.`;
}

export type TeamUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  twoFactorEnabled: boolean;
  lastSignInAt: string | null;
  joinedAt: string;
};

export type TeamInvitation = {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  expiresAt: string;
  createdAt: string;
  expired: boolean;
};

export type TeamSeats = { plan: string; planName: string; seats: number; used: number; upgradePlan: { id: string; name: string; users: number } | null };

/** data of GET /api/team */
export type TeamResponse = { users: TeamUser[]; invitations: TeamInvitation[]; seats: TeamSeats };

/** One account of GET /api/accounts, with the caller's role in it. */
export type MemberAccount = { id: string; name: string; organizationType: string; role: Role; current: boolean };

/** The caller's role and what it allows in the acting account (GET /api/auth/me). */
export type RoleGrant = { role: Role; permissions: Permission[] };
