import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { signFileToken } from '../src/modules/files/signing';
import { createTestDb, type TestDb } from './support/testDb';
import { expectCrossAccountIsolation } from './crossAccount';
import { insertContact, testApp, testConfig, twoLoggedInAccounts, type LoggedIn } from './helpers/fixtures';

let db: TestDb;
let knex: Knex;
let app: Koa;
let a: LoggedIn;
let b: LoggedIn;
let filesDir: string;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 1x1 red PNG. */
function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal one-page PDF. */
function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** An OLE compound file; a legacy .doc names a WordDocument stream in its directory. */
function oleBytes(streamName: string): Buffer {
  const header = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
  const entry = Buffer.alloc(128);
  entry.write(streamName, 0, 'utf16le');
  return Buffer.concat([header, entry]);
}

/** A stored (uncompressed) zip archive with the given entries and a central directory. */
function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function docxBytes(): Buffer {
  return zipBytes({
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  });
}

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  filesDir = mkdtempSync(path.join(tmpdir(), 'caucus-files-'));
  app = testApp(knex, { filesDir });
  ({ a, b } = await twoLoggedInAccounts(knex, app));
});

afterAll(async () => {
  await db.destroy();
  rmSync(filesDir, { recursive: true, force: true });
});

const http = () => request(app.callback());
const auth = (who: LoggedIn) => `Bearer ${who.token}`;
const upload = (who: LoggedIn, url: string, bytes: Buffer, filename: string) =>
  http().post(url).set('Authorization', auth(who)).attach('file', bytes, { filename, contentType: 'application/octet-stream' });
const diskPath = (key: string) => path.join(filesDir, key);

describe('profile image', () => {
  it('stores a PNG, serves it through a signed URL, replaces it and deletes it', async () => {
    const contactId = await insertContact(knex, a.accountId, { firstName: 'Ada' });
    const first = await upload(a, `/api/contacts/${contactId}/profile-image`, pngBytes(), 'me.png');
    expect(first.status).toBe(200);
    const { profileImageKey, profileImageUrl } = first.body.data;
    expect(profileImageKey).not.toContain('me');
    expect(existsSync(diskPath(profileImageKey))).toBe(true);
    expect((await knex('contacts').where({ id: contactId }).first()).profileImageKey).toBe(profileImageKey);

    const served = await http().get(profileImageUrl).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, pngBytes())).toBe(0);

    const second = await upload(a, `/api/contacts/${contactId}/profile-image`, pngBytes(), 'new.png');
    expect(second.status).toBe(200);
    expect(second.body.data.profileImageKey).not.toBe(profileImageKey);
    expect(existsSync(diskPath(profileImageKey))).toBe(false);
    expect((await http().get(profileImageUrl)).status).toBe(404);

    const removed = await http().delete(`/api/contacts/${contactId}/profile-image`).set('Authorization', auth(a));
    expect(removed.status).toBe(200);
    expect(existsSync(diskPath(second.body.data.profileImageKey))).toBe(false);
    expect((await knex('contacts').where({ id: contactId }).first()).profileImageKey).toBeNull();
  });

  it('refuses a non-image by its bytes (415) and an image over 5 MB (413)', async () => {
    const contactId = await insertContact(knex, a.accountId);
    const pdf = await upload(a, `/api/contacts/${contactId}/profile-image`, pdfBytes(), 'photo.png');
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toBe('Please select an image file');

    const big = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(a, `/api/contacts/${contactId}/profile-image`, big, 'big.png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('File size must be less than 5MB');
  });

  it('needs a session', async () => {
    const contactId = await insertContact(knex, a.accountId);
    const res = await http().post(`/api/contacts/${contactId}/profile-image`).attach('file', pngBytes(), 'a.png');
    expect(res.status).toBe(401);
  });
});

describe('documents', () => {
  it('uploads, renames, downloads and deletes a PDF', async () => {
    const contactId = await insertContact(knex, a.accountId);
    const res = await upload(a, `/api/contacts/${contactId}/documents`, pdfBytes(), '../../etc/passwd.pdf');
    expect(res.status).toBe(201);
    const [doc] = res.body.data.documents;
    expect(res.body.data.documentKeys).toEqual([doc.key]);
    expect(doc).toMatchObject({ fileName: 'passwd.pdf', mimeType: 'application/pdf', size: pdfBytes().length });
    expect(existsSync(diskPath(doc.key))).toBe(true);

    const renamed = await http()
      .put(`/api/contacts/${contactId}/documents/${doc.key}/rename`)
      .set('Authorization', auth(a))
      .send({ fileName: 'Pledge letter.pdf' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.document.fileName).toBe('Pledge letter.pdf');
    const empty = await http().put(`/api/contacts/${contactId}/documents/${doc.key}/rename`).set('Authorization', auth(a)).send({ fileName: ' ' });
    expect(empty.status).toBe(400);

    const link = await http().get(`/api/contacts/${contactId}/documents/${doc.key}/download`).set('Authorization', auth(a));
    expect(link.status).toBe(200);
    const url: string = link.body.data.downloadUrl;
    const file = await http().get(url).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Pledge letter.pdf"');
    expect(Buffer.compare(file.body as Buffer, pdfBytes())).toBe(0);

    const [payload, signature] = url.replace('/api/files/', '').split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await http().get(`/api/files/${payload}.${flipped}`)).status).toBe(403);
    const forged = Buffer.from(JSON.stringify({ k: doc.key, a: b.accountId, e: Date.now() + 60_000 })).toString('base64url');
    expect((await http().get(`/api/files/${forged}.${signature}`)).status).toBe(403);
    const secret = testConfig().fileUrlSecret;
    const expired = signFileToken(secret, a.accountId, doc.key, Date.now() - 16 * 60 * 1000);
    expect((await http().get(`/api/files/${expired}`)).status).toBe(403);
    // Validly signed, but for an account that does not own the key.
    const otherAccount = signFileToken(secret, b.accountId, doc.key);
    expect((await http().get(`/api/files/${otherAccount}`)).status).toBe(404);

    const deleted = await http().delete(`/api/contacts/${contactId}/documents/${doc.key}`).set('Authorization', auth(a));
    expect(deleted.status).toBe(200);
    expect(existsSync(diskPath(doc.key))).toBe(false);
    expect(await knex('contactDocuments').where({ key: doc.key }).first()).toBeUndefined();
    expect((await http().get(url)).status).toBe(404);
  });

  it('drops bidi and invisible controls from uploaded names, refuses typed bidi controls at rename, and keeps the sniffed extension', async () => {
    const contactId = await insertContact(knex, a.accountId);
    const controls = /[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
    const res = await upload(a, `/api/contacts/${contactId}/documents`, pdfBytes(), 'invoice\u202Efdp.exe');
    expect(res.status).toBe(201);
    const [doc] = res.body.data.documents;
    expect(doc.fileName).toBe('invoicefdp.pdf');
    // Browsers send names as UTF-8: accents arrive intact, not as latin1 mojibake.
    const accented = await upload(a, `/api/contacts/${contactId}/documents`, pdfBytes(), 'Procès-verbal été.pdf');
    expect(accented.body.data.documents.map((d: { fileName: string }) => d.fileName)).toContain('Procès-verbal été.pdf');

    // A name typed at rename follows the rule of every text field (ADR 0011): bidi controls are refused.
    const refused = await http()
      .put(`/api/contacts/${contactId}/documents/${doc.key}/rename`)
      .set('Authorization', auth(a))
      .send({ fileName: 'minutes\u2067\u200B\u202Bcod.exe' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/File name/);
    expect(await knex('contactDocuments').where({ key: doc.key }).pluck('fileName')).toEqual(['invoicefdp.pdf']);

    // Invisible characters that are not controls are dropped, as at upload.
    const renamed = await http()
      .put(`/api/contacts/${contactId}/documents/${doc.key}/rename`)
      .set('Authorization', auth(a))
      .send({ fileName: 'minutes\u200B\u200Bcod.exe' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.document.fileName).toBe('minutescod.pdf');
    const stored = [
      ...((await knex('contactDocuments').where({ key: doc.key }).pluck('fileName')) as string[]),
      ...((await knex('files').where({ storageKey: doc.key }).pluck('fileName')) as string[]),
    ];
    expect(stored).toEqual(['minutescod.pdf', 'minutescod.pdf']);
    const listed = await http().get(`/api/contacts/${contactId}`).set('Authorization', auth(a));
    expect(JSON.stringify(listed.body)).not.toMatch(controls);

    const link = await http().get(`/api/contacts/${contactId}/documents/${doc.key}/download`).set('Authorization', auth(a));
    const file = await http().get(link.body.data.downloadUrl);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="minutescod.pdf"; filename*=UTF-8''minutescod.pdf`);
  });

  it('deleting a contact removes its profile image and documents, bytes and links included', async () => {
    const contactId = await insertContact(knex, a.accountId);
    const keptId = await insertContact(knex, a.accountId);
    const image = await upload(a, `/api/contacts/${contactId}/profile-image`, pngBytes(), 'face.png');
    const doc = await upload(a, `/api/contacts/${contactId}/documents`, pdfBytes(), 'letter.pdf');
    const kept = await upload(a, `/api/contacts/${keptId}/documents`, pdfBytes(), 'kept.pdf');
    const imageKey: string = image.body.data.profileImageKey;
    const docKey: string = doc.body.data.documents[0].key;
    const keptKey: string = kept.body.data.documents[0].key;
    const imageUrl: string = image.body.data.profileImageUrl;
    expect((await http().get(imageUrl)).status).toBe(200);

    expect((await http().delete(`/api/contacts/${contactId}`).set('Authorization', auth(a))).status).toBe(200);
    expect(existsSync(diskPath(imageKey))).toBe(false);
    expect(existsSync(diskPath(docKey))).toBe(false);
    expect(await knex('files').whereIn('storageKey', [imageKey, docKey])).toEqual([]);
    expect((await http().get(imageUrl)).status).toBe(404);
    // Another contact's files stay.
    expect(existsSync(diskPath(keptKey))).toBe(true);
    expect(await knex('files').where({ storageKey: keptKey }).first()).toBeDefined();
  });

  it('accepts images and Word documents, refuses other bytes and files over 10 MB', async () => {
    const contactId = await insertContact(knex, a.accountId);
    expect((await upload(a, `/api/contacts/${contactId}/documents`, pngBytes(), 'scan.png')).status).toBe(201);
    expect((await upload(a, `/api/contacts/${contactId}/documents`, oleBytes('WordDocument'), 'letter.doc')).status).toBe(201);
    const docx = await upload(a, `/api/contacts/${contactId}/documents`, docxBytes(), 'letter.docx');
    expect(docx.status).toBe(201);
    expect(docx.body.data.documents.map((d: { mimeType: string }) => d.mimeType)).toEqual(['image/png', 'application/msword', DOCX_MIME]);

    // Same containers, other contents: a spreadsheet in OLE and a plain zip are not Word documents.
    for (const [bytes, name] of [
      [oleBytes('Workbook'), 'sheet.doc'],
      [zipBytes({ 'notes.txt': 'hello' }), 'archive.docx'],
    ] as const) {
      const refused = await upload(a, `/api/contacts/${contactId}/documents`, bytes, name);
      expect(refused.status).toBe(415);
    }

    const text = await upload(a, `/api/contacts/${contactId}/documents`, Buffer.from('plain text, not a PDF'), 'notes.pdf');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Unsupported file type');

    const big = Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(a, `/api/contacts/${contactId}/documents`, big, 'big.pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('File size must be less than 10MB');
    expect(await knex('contactDocuments').where({ contactId }).count({ n: '*' })).toEqual([{ n: 3 }]);
  });

  it('answers 404 for an unknown key or a key that is not a storage key', async () => {
    const contactId = await insertContact(knex, a.accountId);
    for (const key of ['doc-00000000000000000000000000000000', '..%2F..%2Fpasswd']) {
      const res = await http().get(`/api/contacts/${contactId}/documents/${key}/download`).set('Authorization', auth(a));
      expect(res.status).toBe(404);
    }
  });
});

describe('tenancy', () => {
  it("keeps another account away from a contact's images and documents", async () => {
    const contactId = await insertContact(knex, a.accountId);
    const image = await upload(a, `/api/contacts/${contactId}/profile-image`, pngBytes(), 'me.png');
    const docs = await upload(a, `/api/contacts/${contactId}/documents`, pdfBytes(), 'a.pdf');
    const key: string = docs.body.data.documentKeys[0];

    await expectCrossAccountIsolation({
      app,
      owner: a,
      intruder: b,
      id: contactId,
      routes: [
        { method: 'post', path: '/api/contacts/:id/profile-image' },
        { method: 'delete', path: '/api/contacts/:id/profile-image' },
        { method: 'post', path: '/api/contacts/:id/documents' },
        { method: 'put', path: `/api/contacts/:id/documents/${key}/rename`, body: { fileName: 'x.pdf' } },
        { method: 'get', path: `/api/contacts/:id/documents/${key}/download` },
        { method: 'delete', path: `/api/contacts/:id/documents/${key}` },
      ],
      readRow: async () => ({
        contact: await knex('contacts').where({ id: contactId }).first('profileImageKey'),
        documents: await knex('contactDocuments').where({ contactId }).select('key', 'fileName'),
      }),
    });

    // The intruder's own contact cannot reach the owner's document key either.
    const own = await insertContact(knex, b.accountId);
    const res = await http().get(`/api/contacts/${own}/documents/${key}/download`).set('Authorization', auth(b));
    expect(res.status).toBe(404);
    const multipart = await upload(b, `/api/contacts/${contactId}/documents`, pdfBytes(), 'a.pdf');
    expect(multipart.status).toBe(404);
    expect(existsSync(diskPath(image.body.data.profileImageKey))).toBe(true);
  });
});
