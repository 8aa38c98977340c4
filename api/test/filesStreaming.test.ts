import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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
// A full collection on demand (jest runs tests without --expose-gc): memory figures without the
// garbage a stream leaves until the collector next runs.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The bytes of live buffers. V8 frees a dead buffer's memory on a background thread after the
 * collection that found it, so this collects and reads a few times and keeps the least.
 */
async function liveBufferBytes(): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    collectGarbage();
    await sleep(20);
    least = Math.min(least, process.memoryUsage().arrayBuffers);
  }
  return least;
}

/**
 * Streams a multipart upload of `totalBytes` (a PDF head, then zeros) from one reused chunk, so the
 * test itself holds no copy of the file. Pauses once `pauseAfter` bytes are sent until `resume` is
 * called. Without `declareLength` the body goes chunked, its length unknown until it ends. `sent`
 * settles once the client is done sending (or its connection closed).
 */
function streamUpload(url: string, totalBytes: number, { pauseAfter = Infinity, declareLength = true } = {}) {
  const boundary = 'caucus-boundary-1234';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let resume: () => void = () => {};
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  let paused: () => void = () => {};
  const reachedPause = new Promise<void>((resolve) => (paused = resolve));
  let sent: Promise<void> = Promise.resolve();
  const response = new Promise<{ status: number; body: { message?: string } }>((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        method: 'POST',
        path: url,
        headers: {
          Authorization: `Bearer ${user.token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          ...(declareLength ? { 'Content-Length': String(head.length + totalBytes + tail.length) } : {}),
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
    const closed = new Promise<void>((resolve) => req.once('close', resolve));
    const writing = (async () => {
      const chunk = Buffer.alloc(64 * 1024);
      req.write(head);
      req.write(PDF_HEAD);
      let bytes = PDF_HEAD.length;
      let didPause = false;
      while (bytes < totalBytes && !req.destroyed) {
        if (!didPause && bytes >= pauseAfter) {
          didPause = true;
          paused();
          await resumed;
        }
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - bytes));
        bytes += piece.length;
        if (!req.write(piece)) await Promise.race([new Promise((resolve) => req.once('drain', resolve)), closed]);
      }
      if (!req.destroyed) await Promise.race([new Promise<void>((resolve) => req.end(tail, resolve)), closed]);
    })();
    writing.catch(reject);
    sent = writing.catch(() => {});
  });
  return { response, reachedPause, resume, sent: () => sent };
}

describe('document uploads stream to disk', () => {
  it('an upload is written to a file as it arrives, not held in memory', async () => {
    const contactId = await insertContact(knex, user.accountId);
    const upload = streamUpload(`/api/contacts/${contactId}/documents`, 8 * MIB, { pauseAfter: 6 * MIB });
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

  it('a file of exactly the limit, its length declared, is stored', async () => {
    const contactId = await insertContact(knex, user.accountId);
    const res = await streamUpload(`/api/contacts/${contactId}/documents`, 10 * MIB).response;
    expect(res.status).toBe(201);
    const [doc] = await knex('contactDocuments').where({ contactId });
    expect(statSync(path.join(filesDir, doc.key)).size).toBe(10 * MIB);
  });

  it('an upload declared over the limit is a 413 before the client sends it', async () => {
    const contactId = await insertContact(knex, user.accountId);
    const before = filesOnDisk().length;
    // The client waits after 1 MiB of a 40 MiB file: the answer must come while it waits.
    const upload = streamUpload(`/api/contacts/${contactId}/documents`, 40 * MIB, { pauseAfter: MIB });
    await upload.reachedPause;
    const res = await Promise.race([upload.response, sleep(30_000).then(() => 'no answer while the client waited')]);
    upload.resume();
    // Node reads and drops the rest, so the client can send it all and keep its connection.
    await upload.sent();
    expect(res).toEqual({ status: 413, body: { message: 'File size must be less than 10MB' } });
    expect(filesOnDisk()).toHaveLength(before);
    expect(await knex('contactDocuments').where({ contactId })).toEqual([]);
  });

  it('an oversize upload of unknown length is a 413 once it streams past the limit, leaves no file behind, and keeps none of it in memory', async () => {
    const contactId = await insertContact(knex, user.accountId);
    const before = filesOnDisk().length;
    const buffersBefore = await liveBufferBytes();
    const upload = streamUpload(`/api/contacts/${contactId}/documents`, 40 * MIB, { declareLength: false });
    const res = await upload.response;
    await upload.sent();
    expect(res).toEqual({ status: 413, body: { message: 'File size must be less than 10MB' } });
    // The partial file is removed before the answer.
    expect(filesOnDisk()).toHaveLength(before);
    expect(filesOnDisk(incomingDirOf({ filesDir }))).toEqual([]);
    expect(await knex('contactDocuments').where({ contactId })).toEqual([]);
    // Nothing of the 40 MiB read is kept: once the garbage is collected, less than a megabyte of
    // buffers is left (the socket's own).
    expect((await liveBufferBytes()) - buffersBefore).toBeLessThan(MIB);
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
