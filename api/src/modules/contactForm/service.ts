import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import type { AppConfig } from '../../config';
import { CONTACT_FORM_THANKS, type ContactFormResponse, type ContactSubject } from '@caucus/contract';
import { TooManyRequests } from '../../http/errors';
import { newId } from '../../lib/ids';
import type { Mailer } from '../email';

/** Messages one ip may send per window: generous for a person, a wall for a script. */
export const MAX_CONTACT_MESSAGES_PER_IP = 10;
export const CONTACT_RATE_WINDOW_MS = 60 * 60 * 1000;
export const TOO_MANY_CONTACT_MESSAGES = 'Too many messages. Please try again later.';

export type ContactMessage = { name: string; email: string; subject: ContactSubject; message: string };

// Visitor text goes into a mail header: no line breaks, bounded length.
function oneLine(value: string, max: number): string {
  return value.replace(/[\r\n\t]+/g, ' ').slice(0, max);
}

function noticeText(input: ContactMessage, receivedAt: Date): string {
  return [
    'A visitor sent a message through the contact form.',
    '',
    `Name: ${oneLine(input.name, 255)}`,
    `Email: ${input.email}`,
    `Subject: ${input.subject}`,
    `Received: ${receivedAt.toISOString()}`,
    '',
    input.message,
  ].join('\n');
}

export function createContactFormService(deps: { knex: Knex; mailer: Mailer; config: Pick<AppConfig, 'supportEmail'>; now?: () => Date }) {
  const { knex, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async submit(input: ContactMessage, client: { ip: string }): Promise<ContactFormResponse> {
      const at = now();
      const ip = client.ip.slice(0, 64) || null;
      if (ip) {
        const row = await knex('contact_messages')
          .where('ip', ip)
          .andWhere('createdAt', '>', new Date(at.getTime() - CONTACT_RATE_WINDOW_MS))
          .count<{ count: number | string }[]>({ count: '*' })
          .first();
        if (Number(row?.count ?? 0) >= MAX_CONTACT_MESSAGES_PER_IP) throw new TooManyRequests(TOO_MANY_CONTACT_MESSAGES);
      }
      // Stored and queued together: support never gets a notice for a message that was not kept.
      await inTransaction(knex, async (trx) => {
        await trx('contact_messages').insert({ id: newId(), ...input, ip, createdAt: at });
        await mailer.send(trx, {
          to: config.supportEmail,
          subject: oneLine(`Contact form (${input.subject}): ${input.name}`, 200),
          text: noticeText(input, at),
          kind: 'contact_notice',
          replyTo: input.email,
        });
      });
      return { success: true, message: CONTACT_FORM_THANKS };
    },
  };
}

export type ContactFormService = ReturnType<typeof createContactFormService>;
