import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { SentMessageRow } from '../../db/rows';
import { recordAudit } from '../../lib/audit';
import { escapeHtml } from './merge';

/** A recipient with the name of the account that wrote to them. */
type RecipientRow = SentMessageRow & { organization: string };
export type UnsubscribeOutcome = { state: 'unsubscribed' | 'already' | 'test' | 'unknown'; organization: string | null };

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new link's random token, minted at delivery, and the SHA-256 of it that is stored in its place. */
export function mintUnsubscribeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The public page a link's token opens (and one-click unsubscribe posts to). */
export const unsubscribeUrl = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/$/, '')}/api/unsubscribe/${token}`;

/** The recipient row a link's token belongs to (the token itself is never stored, only its hash). */
async function recipientOf(knex: Knex, token: string): Promise<RecipientRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return knex('sent_messages')
    .join('accounts', 'accounts.id', 'sent_messages.accountId')
    .where('sent_messages.unsubscribeTokenHash', hashToken(token))
    .first('sent_messages.*', knex.ref('accounts.name').as('organization'));
}

export async function lookUp(knex: Knex, token: string): Promise<UnsubscribeOutcome> {
  const row = await recipientOf(knex, token);
  if (!row) return { state: 'unknown', organization: null };
  if (!row.contactId) return { state: 'test', organization: row.organization };
  const done = await knex('email_unsubscribes').where('contactId', row.contactId).first('contactId');
  return { state: done ? 'already' : 'unsubscribed', organization: row.organization };
}

/** Honoured at once: the contact is left out of every later send from the moment this commits. */
export async function unsubscribe(knex: Knex, token: string): Promise<UnsubscribeOutcome> {
  const row = await recipientOf(knex, token);
  if (!row) return { state: 'unknown', organization: null };
  if (!row.contactId) return { state: 'test', organization: row.organization };
  const contactId = row.contactId;
  const accountId = row.accountId;
  return knex.transaction(async (trx) => {
    const done = await trx('email_unsubscribes').where('contactId', contactId).first('contactId');
    if (done) return { state: 'already' as const, organization: row.organization };
    await trx('email_unsubscribes').insert({ contactId, accountId, email: row.toEmail ?? null, sendId: row.sendId ?? null, createdAt: new Date() });
    await recordAudit(trx, {
      accountId,
      actor: { userId: null },
      entityType: 'contact',
      entityId: contactId,
      action: 'unsubscribe',
      after: { email: row.toEmail ?? null, messageId: row.id },
    });
    return { state: 'unsubscribed' as const, organization: row.organization };
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function confirmPage(outcome: UnsubscribeOutcome, action: string): string {
  if (outcome.state === 'unknown')
    return page(
      'Link not recognised',
      '<p>This unsubscribe link is not valid. If you keep receiving email you did not ask for, reply to it and ask to be removed.</p>',
    );
  const org = escapeHtml(outcome.organization ?? '');
  if (outcome.state === 'already') return page('You are unsubscribed', `<p>${org} will not send you email to its lists any more.</p>`);
  if (outcome.state === 'test') return page('Test message', '<p>This link came in a test message: nobody is unsubscribed by it.</p>');
  return page(
    `Unsubscribe from ${outcome.organization ?? ''}`,
    `<p>Stop receiving email sent by ${org} to its lists?</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(outcome: UnsubscribeOutcome): string {
  if (outcome.state === 'unknown' || outcome.state === 'test') return confirmPage(outcome, '');
  return page(
    'You are unsubscribed',
    `<p>${escapeHtml(outcome.organization ?? '')} will not send you email to its lists any more. It took effect at once.</p>`,
  );
}
