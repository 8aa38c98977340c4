import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import request from 'supertest';
import { disbursementReceiptsSchema } from '@caucus/contract/contacts.responses';
import { federalCommitteeBody, signedIn, testApp, twoLoggedInAccounts, type LoggedIn } from './helpers/fixtures';
import { vendorDisbursement } from './helpers/committees';
import { createTestDb, type TestDb } from './support/testDb';

let db: TestDb;
let knex: Knex;
let app: Koa;
let a: LoggedIn;
let b: LoggedIn;
let filesDir: string;

beforeAll(async () => {
  db = await createTestDb();
  knex = db.knex;
  filesDir = mkdtempSync(path.join(tmpdir(), 'caucus-receipts-'));
  app = testApp(knex, { filesDir });
  ({ a, b } = await twoLoggedInAccounts(knex, app));
});

afterAll(async () => {
  await (app as unknown as { jobs: { queue: { close(): Promise<void> } } }).jobs.queue.close();
  await db.destroy();
  rmSync(filesDir, { recursive: true, force: true });
});

const http = () => request(app.callback());
const upload = (who: LoggedIn, id: string, bytes: Buffer, filename: string) =>
  http()
    .post(`/api/disbursements/${id}/receipts`)
    .set('Authorization', `Bearer ${who.token}`)
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' });

function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

async function disbursement(who: LoggedIn): Promise<string> {
  const committee = await signedIn(app, who).post('/api/committees', federalCommitteeBody());
  expect(committee.status).toBe(201);
  const res = await signedIn(app, who).post('/api/disbursements', vendorDisbursement(committee.body.data.committee.id));
  expect(res.status).toBe(201);
  return res.body.data.disbursement.id as string;
}

describe('disbursement receipts', () => {
  it('attaches a receipt, lists it, serves it through a signed URL and audits the upload', async () => {
    const id = await disbursement(a);
    const res = await upload(a, id, pdfBytes(), 'invoice 1001.pdf');
    expect(res.status).toBe(201);
    const { receipts } = disbursementReceiptsSchema.parse(res.body.data);
    expect(receipts).toEqual([expect.objectContaining({ fileName: 'invoice 1001.pdf', mimeType: 'application/pdf', size: pdfBytes().length })]);
    const key = receipts[0].key;
    expect(existsSync(path.join(filesDir, key))).toBe(true);

    const list = await signedIn(app, a).get(`/api/disbursements/${id}/receipts`);
    expect(list.status).toBe(200);
    expect(disbursementReceiptsSchema.parse(list.body.data).receipts.map((r) => r.key)).toEqual([key]);

    const link = await signedIn(app, a).get(`/api/disbursements/${id}/receipts/${key}/download`);
    expect(link.status).toBe(200);
    const served = await http().get(link.body.data.downloadUrl).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toContain('invoice 1001.pdf');
    expect(Buffer.compare(served.body as Buffer, pdfBytes())).toBe(0);

    const trail = await knex('audit_log').where({ accountId: a.accountId, entityType: 'disbursement', entityId: id }).select('action', 'userId', 'sessionId');
    expect(trail.map((e) => e.action)).toEqual(['create', 'attach_receipt']);
    expect(trail.every((e) => e.userId === a.userId && e.sessionId)).toBe(true);
  });

  it("answers 404 for another account's disbursement and receipt, and stores nothing", async () => {
    const id = await disbursement(a);
    const mine = await upload(a, id, pdfBytes(), 'r.pdf');
    const key = mine.body.data.receipts[0].key as string;
    const before = await knex('files').count({ n: '*' }).first();
    const res = await upload(b, id, pdfBytes(), 'x.pdf');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Disbursement not found');
    expect(await knex('files').count({ n: '*' }).first()).toEqual(before);
    expect((await signedIn(app, b).get(`/api/disbursements/${id}/receipts`)).status).toBe(404);
    expect((await signedIn(app, b).get(`/api/disbursements/${id}/receipts/${key}/download`)).status).toBe(404);
    // B's own disbursement cannot reach A's receipt by its key either.
    const other = await disbursement(b);
    expect((await signedIn(app, b).get(`/api/disbursements/${other}/receipts/${key}/download`)).status).toBe(404);
    expect((await signedIn(app, a).get(`/api/disbursements/not-an-id/receipts`)).status).toBe(404);
  });

  it('refuses other bytes (415) and files over 10 MB (413), like contact documents', async () => {
    const id = await disbursement(a);
    const exe = await upload(a, id, Buffer.from('MZ\x90\x00 not a document'), 'receipt.pdf');
    expect(exe.status).toBe(415);
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(a, id, big, 'big.pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('File size must be less than 10MB');
    expect((await signedIn(app, a).get(`/api/disbursements/${id}/receipts`)).body.data.receipts).toEqual([]);
  });
});
