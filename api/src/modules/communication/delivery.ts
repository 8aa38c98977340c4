import net from 'node:net';
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

type SocketOptions = { host?: string; port?: number | string; secure?: boolean };

export function createDelivery(smtpUrl: string | undefined, from: string): Delivery {
  if (!smtpUrl) return { send: null, close() {} };
  const transport = nodemailer.createTransport(pooledUrl(smtpUrl));
  // Nagle's algorithm holds the message's last small write until the server acknowledges the one
  // before, and the server delays that acknowledgement (40 ms) while it waits for the rest: every
  // message paid it. The pool opens its connections here, with Nagle off (TLS, when the URL asks for
  // it, is still negotiated over this socket by nodemailer).
  const withSocket = transport as unknown as {
    getSocket: (options: SocketOptions, callback: (err: Error | null, socket?: { connection: net.Socket }) => void) => void;
  };
  withSocket.getSocket = (options, callback) => {
    // nodemailer's own defaults when the URL names no port.
    const socket = net.connect({ host: options.host ?? 'localhost', port: Number(options.port) || (options.secure ? 465 : 587) });
    socket.setNoDelay(true);
    const failed = (err: Error) => callback(err);
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.removeListener('error', failed);
      callback(null, { connection: socket });
    });
  };
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * The URL with a pool of connections, unless it names its own. nodemailer reads the pool from the URL
 * (or an options object): beside a URL, a second argument holds message defaults and a pool there is
 * ignored, which opened one connection per message.
 */
function pooledUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '4');
  return url.toString();
}
