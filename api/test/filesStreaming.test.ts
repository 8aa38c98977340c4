import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { createS3Storage } from '../src/lib/storage';
import { incomingDirOf, removeAbandonedUploads } from '../src/modules/files';
import { sniffFileMimeType } from '../src/modules/files/sniff';
import { createTestDb, type TestDb } from './support/testDb';
import { createAccountWithUser, insertContact, login, testApp, type LoggedIn } from './helpers/fixtures';

let db: TestDb;
let knex: Knex;
let app: Koa;
let user: LoggedIn;
let filesDir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  filesDir = mkdtempSync(path.join(tmpdir(), 'caucus-files-stream-'));
  app = testApp(knex, { filesDir });
  user = await login(app, await createAccountWithUser(knex));
  server = app.listen(0);
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await db.destroy();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Every file under FILES_DIR, the upload area included. */
function filesOnDisk(dir = filesDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOnDisk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const MIB = 1024 * 1024;
const PDF_HEAD = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Streams a multipart upload of `totalBytes` (a PDF head, then zeros) from one reused chunk, so the
 * test itself holds no copy of the file. Pauses once `pauseAfter` bytes are sent until `resume` is called.
 */
function streamUpload(url: string, totalBytes: number, pauseAfter = Infinity) {
  const boundary = 'caucus-boundary-1234';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let resume: () => void = () => {};
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  let paused: () => void = () => {};
  const reachedPause = new Promise<void>((resolve) => (paused = resolve));
  const response = new Promise<{ status: number; body: { message?: string } }>((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        method: 'POST',
        path: url,
        headers: {
          Authorization: `Bearer ${user.token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + totalBytes + tail.length),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    // The server may answer 413 and stop reading before everything is sent.
    req.on('error', () => {});
    void (async () => {
      const chunk = Buffer.alloc(64 * 1024);
      req.write(head);
      req.write(PDF_HEAD);
      let sent = PDF_HEAD.length;
      let didPause = false;
      while (sent < totalBytes && !req.destroyed) {
        if (!didPause && sent >= pauseAfter) {
          didPause = true;
          paused();
          await resumed;
        }
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += piece.length;
        if (!req.write(piece)) await new Promise((resolve) => req.once('drain', resolve));
      }
      req.end(tail);
    })().catch(reject);
  });
  return { response, reachedPause, resume };
}

describe('document uploads stream to disk', () => {
  it('an upload is written to a file as it arrives, not held in memory', async () => {
    const contactId = await insertContact(knex, user.accountId);
    const upload = streamUpload(`/api/contacts/${contactId}/documents`, 8 * MIB, 6 * MIB);
    await upload.reachedPause;
    // What was sent so far is on disk already, in the upload area.
    let onDisk = 0;
    try {
      for (let attempt = 0; attempt < 50 && onDisk < 5 * MIB; attempt += 1) {
        await sleep(50);
        onDisk = filesOnDisk(path.join(filesDir, '.incoming')).reduce((sum, file) => sum + statSync(file).size, 0);
      }
    } finally {
      upload.resume();
    }
    expect(onDisk).toBeGreaterThanOrEqual(5 * MIB);
    const res = await upload.response;
    expect(res.status).toBe(201);
    // Stored under its key; nothing left in the upload area.
    expect(filesOnDisk(incomingDirOf({ filesDir }))).toEqual([]);
    const [doc] = await knex('contactDocuments').where({ contactId });
    expect(statSync(path.join(filesDir, doc.key)).size).toBe(8 * MIB);
  });

  it('an oversize upload is a 413 while it streams, leaves no file behind, and does not grow memory by its size', async () => {
    const contactId = await insertContact(knex, user.accountId);
    const before = filesOnDisk().length;
    const rssBefore = process.memoryUsage().rss;
    const res = await streamUpload(`/api/contacts/${contactId}/documents`, 40 * MIB).response;
    const grown = process.memoryUsage().rss - rssBefore;
    expect(res).toEqual({ status: 413, body: { message: 'File size must be less than 10MB' } });
    // The partial file is removed before the answer.
    expect(filesOnDisk()).toHaveLength(before);
    expect(filesOnDisk(incomingDirOf({ filesDir }))).toEqual([]);
    expect(await knex('contactDocuments').where({ contactId })).toEqual([]);
    expect(grown).toBeLessThan(20 * MIB);
  });

  it('an upload refused after it arrived (its type) leaves no file behind either', async () => {
    const contactId = await insertContact(knex, user.accountId);
    const res = await request(app.callback())
      .post(`/api/contacts/${contactId}/documents`)
      .set('Authorization', `Bearer ${user.token}`)
      .attach('file', Buffer.from('plain text, not a PDF'), { filename: 'notes.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(415);
    expect(filesOnDisk(incomingDirOf({ filesDir }))).toEqual([]);
  });
});

describe('uploads cut off by a stop or crash', () => {
  it('are removed at start once they are over an hour old; recent ones may still be arriving', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'caucus-abandoned-'));
    try {
      const incoming = incomingDirOf({ filesDir: dir });
      expect(await removeAbandonedUploads({ filesDir: dir })).toBe(0);
      mkdirSync(incoming, { recursive: true });
      writeFileSync(path.join(incoming, 'old'), 'partial');
      writeFileSync(path.join(incoming, 'new'), 'arriving');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(path.join(incoming, 'old'), twoHoursAgo, twoHoursAgo);
      expect(await removeAbandonedUploads({ filesDir: dir })).toBe(1);
      expect(readdirSync(incoming)).toEqual(['new']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sniffing an upload on disk', () => {
  it('finds the Word stream of an OLE file wherever it is, across read chunks', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'caucus-sniff-'));
    try {
      const signature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      const name = Buffer.from('WordDocument', 'utf16le');
      // The name straddles the 64 KiB boundary the file is read in.
      const doc = Buffer.concat([signature, Buffer.alloc(64 * 1024 - signature.length - 5), name, Buffer.alloc(100)]);
      writeFileSync(path.join(dir, 'letter'), doc);
      writeFileSync(path.join(dir, 'sheet'), Buffer.concat([signature, Buffer.alloc(200 * 1024)]));
      expect(await sniffFileMimeType(path.join(dir, 'letter'))).toBe('application/msword');
      expect(await sniffFileMimeType(path.join(dir, 'sheet'))).toBe('application/x-cfb');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 storage of an upload on disk', () => {
  it('streams the file with its length and signed hash', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'caucus-s3-'));
    try {
      const file = path.join(dir, 'upload');
      const bytes = Buffer.alloc(300 * 1024, 7);
      writeFileSync(file, bytes);
      const seen: Array<{ headers: Record<string, string>; body: Buffer }> = [];
      const fetchStub = (async (_url: URL, init: RequestInit) => {
        const body = Buffer.from(await new Response(init.body).arrayBuffer());
        seen.push({ headers: init.headers as Record<string, string>, body });
        return new Response(null, { status: 200 });
      }) as unknown as typeof fetch;
      const storage = createS3Storage(
        { endpoint: 'https://s3.example.test', bucket: 'b', region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'SK' },
        fetchStub,
      );
      await storage.putFile(`doc-${'a'.repeat(32)}`, file, 'application/pdf');
      expect(seen).toHaveLength(1);
      expect(seen[0].body.equals(bytes)).toBe(true);
      expect(seen[0].headers['content-length']).toBe(String(bytes.length));
      expect(seen[0].headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
