import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  url: string;
  messages: ParsedMail[];
  raw: string[];
  /** Replies to the next `n` messages with this SMTP error instead of accepting them. */
  failNext(n: number, code: number, message: string): void;
  close(): Promise<void>;
};

/** A real SMTP server (smtp-server) on a free port that keeps every message it accepts, parsed. */
export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const raw: string[] = [];
  let failures: { left: number; code: number; message: string } = { left: 0, code: 0, message: '' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures.left > 0) {
          failures.left -= 1;
          const err = Object.assign(new Error(failures.message), { responseCode: failures.code });
          callback(err);
          return;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        raw.push(text);
        if (options.parse === false) {
          callback();
          return;
        }
        simpleParser(text).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  // A client that dies mid-session (a worker killed on purpose) resets its connections; a mail server
  // notes that and goes on serving the others.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    raw,
    failNext(n, code, message) {
      failures = { left: n, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
