import { z } from 'zod';
import { acceptInvitationSchema, invitationSchema, PERMISSIONS, roleChangeSchema, ROLES } from '@caucus/contract';
import { authUserSchema } from '@caucus/contract/auth.responses';
import { describeRoutes } from '../../openapi/describe';

const text = z.string();
const role = z.enum(ROLES);
const teamUserSchema = z.object({
  id: text,
  firstName: text,
  lastName: text,
  email: text,
  role,
  twoFactorEnabled: z.boolean(),
  lastSignInAt: text.nullable(),
  joinedAt: text,
});
const invitationOutSchema = z.object({
  id: text,
  email: text,
  role,
  invitedBy: text.nullable(),
  expiresAt: text,
  createdAt: text,
  expired: z.boolean(),
});
const seatsSchema = z.object({
  plan: text,
  planName: text,
  seats: z.number().meta({ description: "The plan's user count" }),
  used: z.number().meta({ description: 'Members plus invitations still open' }),
  upgradePlan: z.object({ id: text, name: text, users: z.number() }).nullable(),
});
const memberAccountSchema = z.object({ id: text, name: text, organizationType: text, role, current: z.boolean() });
const accountRowSchema = z.object({ id: text, name: text, organizationType: text });

export const teamApi = describeRoutes('Team', {
  'GET /api/team': {
    summary: "The account's users (role, two-factor, last sign-in), open invitations and seats",
    data: z.object({ users: z.array(teamUserSchema), invitations: z.array(invitationOutSchema), seats: seatsSchema }),
  },
  'POST /api/team/invitations': {
    summary: 'Invite a user by email with a role',
    description:
      "Emails a single-use link valid for 7 days (only its digest is kept). Refused with 409 beyond the plan's user count; the message names the plan that allows more and `details.upgradePlan` its id. Only an owner may invite an owner.",
    body: invitationSchema,
    status: 201,
    data: invitationOutSchema,
  },
  'POST /api/team/invitations/accept': {
    summary: 'Accept an invitation: a new user sets name and password; an existing login gives its password',
    description: 'Joins the account and signs in (cookie), unless the login has two-factor sign-in on: then it signs in as usual.',
    access: 'public',
    body: acceptInvitationSchema,
    data: z.object({
      signedIn: z.boolean(),
      accountId: text,
      accountName: text,
      token: text.optional(),
      user: authUserSchema.optional(),
      accounts: z.array(accountRowSchema).optional(),
      role: role.optional(),
      permissions: z.array(z.enum(PERMISSIONS)).optional(),
      twoFactorEnrollmentRequired: z.literal(true).optional(),
    }),
  },
  'POST /api/team/invitations/:id/resend': {
    summary: 'Send an invitation again with a new link (the old link stops working) and a new 7-day expiry',
    data: invitationOutSchema,
  },
  'DELETE /api/team/invitations/:id': {
    summary: 'Revoke an open invitation; its link stops working',
    data: z.object({ revoked: z.literal(true) }),
  },
  'PUT /api/team/users/:id': {
    summary: "Change a user's role",
    description: 'Only an owner may give or take the owner role; the last owner cannot be demoted (409).',
    body: roleChangeSchema,
    data: teamUserSchema,
  },
  'DELETE /api/team/users/:id': {
    summary: 'Remove a user from the account',
    description: 'Their sessions in this account end at once; everything they did stays attributed to them.',
    data: z.object({ removed: z.literal(true) }),
  },
  'GET /api/accounts': {
    summary: "The caller's accounts, with their role in each",
    data: z.object({ accounts: z.array(memberAccountSchema) }),
  },
  'POST /api/accounts/:id/switch': {
    summary: "Act in another of the caller's accounts from now on (this session)",
    data: memberAccountSchema,
  },
});
