import nodemailer from 'nodemailer';

// One message to one address, over SMTP when SMTP_URL is set; otherwise the outbox is the delivery.

export type Envelope = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

export type Delivery = {
  /** null when there is no SMTP server: the caller records the message in the outbox instead. */
  send: ((message: Envelope) => Promise<void>) | null;
  close(): void;
};

/** Whether a failed SMTP delivery may succeed later (4xx replies, lost connections) or never (5xx). */
export function isTemporaryFailure(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  if (typeof code === 'number') return code >= 400 && code < 500;
  return true;
}

export function createDelivery(smtpUrl: string | undefined, from: string): Delivery {
  if (!smtpUrl) return { send: null, close() {} };
  const transport = nodemailer.createTransport(smtpUrl, { pool: true, maxConnections: 4 } as never);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    },
    close() {
      transport.close();
    },
  };
}
