import net from 'node:net';
import type { Knex } from 'knex';
import { createTestDb, type TestDb } from '../../../test/support/testDb';
import { loadConfig } from '../../config';
import { createMailer, type MailTransport } from './mailer';
import { latestEmailTo } from './outbox';

let db: TestDb;
let knex: Knex;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
});

afterAll(async () => {
  await db.destroy();
});

const FROM = 'Caucus <no-reply@caucus.app>';
let counter = 0;
const address = () => `reader${++counter}@example.org`;

function recordingTransport(fail?: Error) {
  const sent: Parameters<MailTransport['sendMail']>[0][] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      if (fail) throw fail;
      sent.push(message);
      return {};
    },
  };
  return { sent, transport };
}

/** Just enough SMTP for nodemailer to hand over one message; records what arrives after DATA. */
function startSmtpServer(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, messages, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createMailer', () => {
  it('without SMTP records the email in the outbox and leaves it unsent', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM });
    const to = address();
    const id = await mailer.send(knex, { to, subject: 'Hello', text: 'Plain body', html: '<p>Plain body</p>', kind: 'welcome' });
    await mailer.idle();
    expect(await latestEmailTo(knex, to)).toMatchObject({
      id,
      to,
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>Plain body</p>',
      kind: 'welcome',
      sentAt: null,
      error: null,
    });
  });

  it('delivers through the transport and records sent_at', async () => {
    const { sent, transport } = recordingTransport();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM }, { knex, transport });
    const to = address();
    await mailer.send(knex, { to, subject: 'Hi', text: 'Body', kind: 'welcome', replyTo: 'visitor@example.org' });
    await mailer.idle();
    expect(sent).toEqual([{ from: FROM, to, subject: 'Hi', text: 'Body', html: undefined, replyTo: 'visitor@example.org' }]);
    expect((await latestEmailTo(knex, to))?.sentAt).not.toBeNull();
  });

  it('sends only after the caller commits, and never for work that rolls back', async () => {
    const { sent, transport } = recordingTransport();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM }, { knex, transport });
    const kept = address();
    await knex.transaction(async (trx) => {
      await mailer.send(trx, { to: kept, subject: 'Kept', text: 'x', kind: 'welcome' });
      expect(sent).toHaveLength(0);
    });
    const dropped = address();
    await expect(
      knex.transaction(async (trx) => {
        await mailer.send(trx, { to: dropped, subject: 'Dropped', text: 'x', kind: 'welcome' });
        throw new Error('signup failed');
      }),
    ).rejects.toThrow('signup failed');
    await mailer.idle();
    expect(sent.map((m) => m.to)).toEqual([kept]);
    expect((await latestEmailTo(knex, kept))?.sentAt).not.toBeNull();
    expect(await latestEmailTo(knex, dropped)).toBeUndefined();
  });

  it('keeps a failed delivery queued with its error instead of failing the caller', async () => {
    const errors: string[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (msg: string) => errors.push(msg) };
    const { transport } = recordingTransport(new Error('454 relay unavailable'));
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM }, { knex, transport, logger });
    const to = address();
    await expect(mailer.send(knex, { to, subject: 'Hi', text: 'Body', kind: 'welcome' })).resolves.toEqual(expect.any(String));
    await mailer.idle();
    expect(await latestEmailTo(knex, to)).toMatchObject({ sentAt: null, error: '454 relay unavailable' });
    expect(errors).toEqual(['email delivery failed']);
  });

  it('talks SMTP through nodemailer when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: FROM }, { knex });
      const to = address();
      await knex.transaction((trx) => mailer.send(trx, { to, subject: 'Reset your Caucus password', text: 'Open the link', kind: 'password_reset' }));
      await mailer.idle();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain(`To: ${to}`);
      expect(smtp.messages[0]).toContain('Subject: Reset your Caucus password');
      expect(smtp.messages[0]).toContain('Open the link');
      const row = await latestEmailTo(knex, to);
      expect(row?.sentAt).not.toBeNull();
      expect(row?.error).toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('records an unreachable SMTP server as an error on the row', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, mailFrom: FROM }, { knex });
    const to = address();
    await mailer.send(knex, { to, subject: 'Hi', text: 'Body', kind: 'welcome' });
    await mailer.idle();
    const row = await latestEmailTo(knex, to);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });
});

describe('mail configuration', () => {
  it('works offline by default and reads SMTP_URL, MAIL_FROM and SUPPORT_EMAIL', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: FROM, supportEmail: 'support@caucus.app' });
    expect(
      loadConfig({ SMTP_URL: ' smtps://u:p@mail.example.org:465 ', MAIL_FROM: 'Team <team@example.org>', SUPPORT_EMAIL: 'help@example.org' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.org:465', mailFrom: 'Team <team@example.org>', supportEmail: 'help@example.org' });
  });
});
