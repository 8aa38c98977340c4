import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Logger } from '../../http/logger';
import { newId } from '../../lib/ids';

/** What the outbox row says the email is for; kept short (email_outbox.kind is 32 characters). */
export type EmailKind = 'password_reset' | 'contact_notice' | 'welcome' | (string & {});

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: EmailKind;
  /** Used for SMTP only (e.g. a contact-form notice answers the visitor); not kept in the outbox. */
  replyTo?: string;
};

/** The part of nodemailer the mailer uses, so tests can hand in a fake SMTP transport. */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; replyTo?: string }): Promise<unknown>;
};

export type Mailer = {
  /**
   * Records the email in email_outbox through `db` (pass the caller's transaction so the email exists
   * only if the rest of the work commits), then delivers it over SMTP when configured. Delivery runs
   * after the caller's transaction settles and a failure is logged and stored, never thrown.
   */
  send(db: Knex | Knex.Transaction, message: OutgoingEmail): Promise<string>;
  /** Resolves once every delivery started so far has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
};

export type MailerConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom'>;

export type CreateMailerOptions = {
  knex?: Knex;
  logger?: Logger;
  transport?: MailTransport;
};

const SILENT: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function outermostTransaction(db: Knex | Knex.Transaction): Knex.Transaction | undefined {
  if (!('executionPromise' in db) || typeof db.commit !== 'function') return undefined;
  let trx: Knex.Transaction = db;
  // A savepoint "commits" when it is released; only the outer commit makes the email real.
  while (trx.parentTransaction) trx = trx.parentTransaction;
  return trx;
}

/**
 * The outbox is the record of every email (and what the tests read); SMTP delivery is optional so a
 * local install works offline.
 */
export function createMailer(config: MailerConfig, options: CreateMailerOptions = {}): Mailer {
  const logger = options.logger ?? SILENT;
  const transport: MailTransport | undefined = options.transport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined);

  async function deliver(knex: Knex, id: string, message: OutgoingEmail): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
      });
      await knex('email_outbox').where('id', id).update({ sentAt: new Date(), error: null });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      logger.error('email delivery failed', { emailId: id, kind: message.kind, error: reason });
      await knex('email_outbox')
        .where('id', id)
        .update({ error: reason.slice(0, 2000) })
        .catch(() => undefined);
    }
  }

  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  return {
    async send(db, message) {
      const id = newId();
      await db('email_outbox').insert({
        id,
        to: message.to,
        subject: message.subject.slice(0, 255),
        text: message.text,
        html: message.html ?? null,
        kind: message.kind,
        createdAt: new Date(),
        sentAt: null,
        error: null,
      });
      if (!transport) return id;
      const trx = outermostTransaction(db);
      if (!trx) {
        track(deliver(db as Knex, id, message));
        return id;
      }
      const knex = options.knex;
      if (!knex) {
        // Without the root connection the sent_at update cannot outlive the transaction: the row stays
        // queued for a later sender rather than sending mail for work that might roll back.
        logger.warn('email queued but not sent: mailer created without knex', { emailId: id, kind: message.kind });
        return id;
      }
      // SMTP must not hold the caller's transaction open, and must not send for work that rolls back.
      track(
        trx.executionPromise.then(
          () => deliver(knex, id, message),
          () => undefined,
        ),
      );
      return id;
    },

    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
