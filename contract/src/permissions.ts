/**
 * Who may do what: the one permission table of Caucus.
 *
 * - PERMISSIONS: what can be allowed (one word per area and verb).
 * - ROLE_PERMISSIONS: what each role of a membership allows.
 * - ROUTE_PERMISSIONS: the permission every route of the API needs, keyed 'METHOD /api/path/:param'
 *   exactly as the router spells it. The API checks it in one middleware on the matched route
 *   (modules/team/permissionGuard.ts), the OpenAPI document lists it (`x-permission`), and the
 *   frontends read the caller's permissions (GET /api/auth/me) to hide what the role cannot do.
 *
 * `public` routes need no session; `self` routes are open to every member (their own profile,
 * password, two-factor, sessions, the accounts they belong to).
 */

export const PERMISSIONS = [
  'public',
  'self',
  'workspace.read',
  'contacts.read',
  'contacts.write',
  'money.read',
  'gifts.enter',
  'money.write',
  'gifts.review',
  'compliance.read',
  'compliance.write',
  'reports.read',
  'lists.read',
  'lists.write',
  'campaigns.read',
  'campaigns.write',
  'events.read',
  'events.write',
  'imports.read',
  'imports.write',
  'settings.read',
  'settings.write',
  'team.read',
  'team.write',
  'billing.read',
  'billing.write',
  'audit.read',
  'communication.read',
  'communication.write',
  'calls.read',
  'calls.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'admin', 'treasurer', 'staff', 'read_only'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  treasurer: 'Treasurer',
  staff: 'Staff',
  read_only: 'Read-only',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Billing, team and everything else. An account always keeps at least one owner.',
  admin: 'Everything but billing and ownership.',
  treasurer: 'Money, compliance and reports; contacts.',
  staff: "Contacts, lists, events, campaigns and imports; enters gifts, which wait for a treasurer's review.",
  read_only: 'Reads and exports only.',
};

const EVERY_MEMBER: readonly Permission[] = ['public', 'self', 'workspace.read', 'settings.read'];
const READS: readonly Permission[] = [
  ...EVERY_MEMBER,
  'contacts.read',
  'money.read',
  'compliance.read',
  'reports.read',
  'lists.read',
  'campaigns.read',
  'events.read',
  'imports.read',
  'communication.read',
  'calls.read',
];
const ALL_BUT_BILLING = PERMISSIONS.filter((permission) => !permission.startsWith('billing.'));

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: ALL_BUT_BILLING,
  treasurer: [...READS, 'contacts.write', 'gifts.enter', 'money.write', 'gifts.review', 'compliance.write', 'audit.read'],
  staff: [
    ...EVERY_MEMBER,
    'contacts.read',
    'contacts.write',
    'money.read',
    'gifts.enter',
    'lists.read',
    'lists.write',
    'campaigns.read',
    'campaigns.write',
    'events.read',
    'events.write',
    'imports.read',
    'imports.write',
    'communication.read',
    'communication.write',
    'calls.read',
    'calls.write',
  ],
  read_only: READS,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function permissionsOf(role: string): readonly Permission[] {
  return isRole(role) ? ROLE_PERMISSIONS[role] : [];
}

export function roleAllows(role: string, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

/** The 403 message when a role lacks a permission; it names the permission. */
export function permissionDeniedMessage(permission: Permission): string {
  return `Your role does not allow this (permission: ${permission})`;
}

export const ROUTE_PERMISSIONS = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/login/two-factor': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'self',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/signup/check-email': 'public',
  'POST /api/auth/email-change/confirm': 'public',
  'POST /api/auth/email-change/undo': 'public',
  'GET /api/billing/plans': 'public',
  'POST /api/billing/create-checkout-session': 'public',
  'GET /api/billing/checkout-session/:sessionId': 'public',
  'GET /api/billing/local-checkout/:sessionId': 'public',
  'POST /api/billing/local-checkout/:sessionId/pay': 'public',
  'POST /api/billing/local-checkout/:sessionId/cancel': 'public',
  'POST /api/billing/webhook': 'public',
  'POST /api/contact-form': 'public',
  'POST /api/analytics/events': 'public',
  'GET /api/files/:token': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',

  'GET /api/contacts': 'contacts.read',
  'POST /api/contacts': 'contacts.write',
  'GET /api/contacts/:id/with-images': 'contacts.read',
  'GET /api/contacts/:id': 'contacts.read',
  'PUT /api/contacts/:id': 'contacts.write',
  'DELETE /api/contacts/:id': 'contacts.write',
  'POST /api/contacts/:id/profile-image': 'contacts.write',
  'DELETE /api/contacts/:id/profile-image': 'contacts.write',
  'POST /api/contacts/:id/documents': 'contacts.write',
  'PUT /api/contacts/:id/documents/:key/rename': 'contacts.write',
  'GET /api/contacts/:id/documents/:key/download': 'contacts.read',
  'DELETE /api/contacts/:id/documents/:key': 'contacts.write',

  'GET /api/contacts/:id/financials/summary': 'money.read',
  'GET /api/contacts/:id/pledges': 'money.read',
  'POST /api/contacts/:id/pledges': 'gifts.enter',
  'PUT /api/contacts/pledges/:pledgeId': 'money.write',
  'GET /api/contacts/:id/donations': 'money.read',
  'POST /api/contacts/:id/donations': 'gifts.enter',
  'PUT /api/contacts/donations/:donationId': 'money.write',

  'GET /api/committees': 'compliance.read',
  'POST /api/committees': 'compliance.write',
  'GET /api/committees/:id': 'compliance.read',
  'PUT /api/committees/:id': 'compliance.write',
  'GET /api/compliance/limit-settings': 'compliance.read',
  'PUT /api/compliance/limit-settings': 'compliance.write',
  'PUT /api/compliance/contributors/:contactId': 'compliance.write',
  'GET /api/compliance/limits': 'compliance.read',
  'GET /api/compliance/excessive': 'compliance.read',
  'POST /api/compliance/excessive/:donationId/remedy': 'compliance.write',
  'GET /api/compliance/schedule-a': 'compliance.read',
  'GET /api/compliance/48-hour-notices': 'compliance.read',

  'GET /api/contact-lists': 'lists.read',
  'POST /api/contact-lists': 'lists.write',
  'POST /api/contact-lists/preview': 'lists.read',
  'GET /api/contact-lists/settings': 'lists.read',
  'PUT /api/contact-lists/settings': 'lists.write',
  'GET /api/contact-lists/:id': 'lists.read',
  'PATCH /api/contact-lists/:id': 'lists.write',
  'DELETE /api/contact-lists/:id': 'lists.write',
  'GET /api/contact-lists/:id/contacts': 'lists.read',
  'POST /api/contact-lists/:id/contacts': 'lists.write',
  'DELETE /api/contact-lists/:id/contacts': 'lists.write',
  'GET /api/contact-lists/:id/contacts/:contactId/why': 'lists.read',
  'GET /api/contact-lists/:id/stats': 'lists.read',
  'GET /api/contact-lists/:id/available-contacts': 'lists.read',
  'POST /api/contact-lists/:id/apply-rules': 'lists.write',

  'GET /api/campaigns': 'campaigns.read',
  'POST /api/campaigns': 'campaigns.write',
  'GET /api/campaigns/committees': 'campaigns.read',
  'GET /api/campaigns/donation-accounts': 'campaigns.read',
  'POST /api/campaigns/refresh-all-totals': 'campaigns.write',
  'GET /api/campaigns/:id': 'campaigns.read',
  'GET /api/campaigns/:id/totals': 'campaigns.read',
  'GET /api/campaigns/:id/donors': 'campaigns.read',
  'GET /api/campaigns/:id/donations': 'campaigns.read',
  'PUT /api/campaigns/:id': 'campaigns.write',
  'DELETE /api/campaigns/:id': 'campaigns.write',

  'GET /api/events': 'events.read',
  'POST /api/events': 'events.write',
  'GET /api/events/:id': 'events.read',
  'PUT /api/events/:id': 'events.write',
  'DELETE /api/events/:id': 'events.write',

  'GET /api/dashboard/overview': 'workspace.read',
  'GET /api/dashboard/getting-started': 'workspace.read',
  'GET /api/dashboard/events/upcoming': 'workspace.read',
  'GET /api/search': 'workspace.read',
  'GET /api/analytics/summary': 'reports.read',
  'GET /api/reports/:kind': 'reports.read',

  'POST /api/data-import/import': 'imports.write',
  'GET /api/data-import/history': 'imports.read',
  'GET /api/data-import/:id': 'imports.read',
  'POST /api/data-import/:id/rows': 'imports.write',
  'GET /api/data-import/:id/skipped': 'imports.read',
  'POST /api/data-import/:id/skipped': 'imports.write',
  'GET /api/data-import/:id/report': 'imports.read',
  'POST /api/data-import/:id/retry': 'imports.write',
  'POST /api/data-import/:id/cancel': 'imports.write',
  'POST /api/data-import/:id/undo': 'imports.write',

  'GET /api/settings/workspace': 'self',
  'GET /api/settings/account': 'self',
  'PUT /api/settings/account': 'self',
  'GET /api/settings/organization': 'settings.read',
  'PUT /api/settings/organization': 'settings.write',
  'POST /api/settings/password': 'self',
  'GET /api/settings/sessions': 'self',
  'POST /api/settings/sessions/sign-out-others': 'self',
  'DELETE /api/settings/sessions/:sessionId': 'self',
  'GET /api/settings/two-factor': 'self',
  'POST /api/settings/two-factor/setup': 'self',
  'POST /api/settings/two-factor/confirm': 'self',
  'POST /api/settings/two-factor/disable': 'self',
  'PUT /api/settings/two-factor/requirement': 'settings.write',
  'GET /api/settings/notifications': 'self',
  'PUT /api/settings/notifications': 'self',
  'GET /api/settings/billing': 'billing.read',
  'POST /api/settings/billing/portal': 'billing.write',
  'POST /api/settings/billing/checkout': 'billing.write',

  'GET /api/team': 'team.read',
  'POST /api/team/invitations': 'team.write',
  'POST /api/team/invitations/accept': 'public',
  'POST /api/team/invitations/:id/resend': 'team.write',
  'DELETE /api/team/invitations/:id': 'team.write',
  'PUT /api/team/users/:id': 'team.write',
  'DELETE /api/team/users/:id': 'team.write',
  'GET /api/accounts': 'self',
  'POST /api/accounts/:id/switch': 'self',
  'GET /api/audit': 'audit.read',

  'GET /api/contacts/:id/financial-history': 'money.read',
  'GET /api/contacts/donations/:donationId/history': 'money.read',
  'POST /api/contacts/:id/archive': 'contacts.write',
  'POST /api/contacts/:id/unarchive': 'contacts.write',
  'POST /api/campaigns/:id/archive': 'campaigns.write',
  'POST /api/campaigns/:id/unarchive': 'campaigns.write',
  // The ledger's reconciliation also checks that the caller owns the account (modules/ledger).
  'GET /api/admin/reconcile': 'audit.read',
  // Gifts entered by Staff wait for the treasurer's review (modules/ledger/review.ts).
  'GET /api/donations/review': 'gifts.review',
  'POST /api/donations/review': 'gifts.review',

  'PUT /api/contacts/donations/:donationId/contributor': 'money.write',

  'GET /api/disbursements': 'money.read',
  'POST /api/disbursements': 'money.write',
  'POST /api/disbursements/import': 'money.write',
  'GET /api/disbursements/:id': 'money.read',
  'PUT /api/disbursements/:id': 'money.write',
  'POST /api/disbursements/:id/void': 'money.write',
  'GET /api/disbursements/:id/receipts': 'money.read',
  'POST /api/disbursements/:id/receipts': 'money.write',
  'GET /api/disbursements/:id/receipts/:key/download': 'money.read',
  'GET /api/committees/:id/cash': 'money.read',
  'GET /api/committees/:id/reconciliations/:month': 'money.read',
  'PUT /api/committees/:id/reconciliations/:month': 'money.write',
  // The donation form shows the contributor's aggregate before saving: whoever enters gifts reads it.
  'GET /api/compliance/aggregate': 'money.read',
  'POST /api/compliance/48-hour-notices/:donationId/filed': 'compliance.write',
  'GET /api/reports/fec': 'compliance.read',
  'POST /api/reports/fec': 'compliance.write',
  'GET /api/reports/fec/:id': 'compliance.read',
  'PUT /api/reports/fec/:id': 'compliance.write',
  'GET /api/reports/fec/:id/lines/:field': 'compliance.read',
  'GET /api/reports/fec/:id/file': 'compliance.read',
  'POST /api/reports/fec/:id/file-status': 'compliance.write',
  'POST /api/reports/fec/:id/amend': 'compliance.write',

  'GET /api/data-import/fingerprint': 'imports.read',
  'POST /api/data-import/duplicates': 'imports.write',
  'POST /api/data-import/limits': 'imports.write',
  'GET /api/contacts/duplicates': 'contacts.read',
  'GET /api/contacts/duplicates/scan': 'contacts.read',
  'POST /api/contacts/duplicates/scan': 'contacts.write',
  'POST /api/contacts/duplicates/:id/dismiss': 'contacts.write',
  // A merge moves gifts between contributors (their aggregates and excess flags): money's permission.
  'POST /api/contacts/merge': 'money.write',
  'POST /api/contacts/merges/:id/undo': 'money.write',
  // The preview only reads contacts; merging the clusters moves their gifts like any merge.
  'GET /api/contacts/duplicates/email-clusters': 'contacts.read',
  'POST /api/contacts/duplicates/email-clusters/merge': 'money.write',

  'GET /api/call-sessions/team': 'calls.read',
  'GET /api/call-sessions': 'calls.read',
  'POST /api/call-sessions': 'calls.write',
  'GET /api/call-sessions/:id': 'calls.read',
  'GET /api/call-sessions/:id/next': 'calls.write',
  'POST /api/call-sessions/:id/calls': 'calls.write',
  'GET /api/call-backs': 'calls.read',
  'GET /api/pledges/open': 'calls.read',
  'GET /api/meetings': 'calls.read',
  'POST /api/meetings': 'calls.write',
  'GET /api/contacts/:id/meetings': 'contacts.read',

  'GET /api/templates': 'communication.read',
  'POST /api/templates': 'communication.write',
  'GET /api/templates/:id': 'communication.read',
  'PUT /api/templates/:id': 'communication.write',
  'DELETE /api/templates/:id': 'communication.write',
  'POST /api/templates/:id/preview': 'communication.read',
  'GET /api/acknowledgments': 'communication.read',
  'POST /api/acknowledgments': 'communication.write',
  'POST /api/acknowledgments/year-end': 'communication.write',
  'GET /api/acknowledgments/letters/:batchId.pdf': 'communication.read',
  'GET /api/messages': 'communication.read',
  'GET /api/messages/audience': 'communication.read',
  'POST /api/messages': 'communication.write',
  'POST /api/messages/test': 'communication.write',
  'GET /api/messages/:id': 'communication.read',
  'POST /api/messages/:id/cancel': 'communication.write',
  'GET /api/contacts/:id/messages': 'contacts.read',
  'GET /api/unsubscribe/:token': 'public',
  'POST /api/unsubscribe/:token': 'public',
} as const satisfies Record<string, Permission>;

export type RouteKeyWithPermission = keyof typeof ROUTE_PERMISSIONS;

/** The permission of 'METHOD /api/path/:param', or undefined for a route the table does not know. */
export function permissionOfRoute(routeKey: string): Permission | undefined {
  return (ROUTE_PERMISSIONS as Record<string, Permission>)[routeKey];
}
