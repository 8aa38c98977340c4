import type { Router } from '@koa/router';
import { documentRenameInputSchema } from '@caucus/contract';
import { Forbidden, NotFound } from '../../http/errors';
import type { AppContext, AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import { DOCUMENT_MAX_BYTES, FILE_OWNER_TYPES, PROFILE_IMAGE_MAX_BYTES, type FilesService } from './service';
import { verifyFileToken } from './signing';
import { readUpload, type Upload } from './upload';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

/** The multipart upload routes (a contact's profile image and documents). */
export const isFileUpload = (ctx: { method: string; path: string }): boolean =>
  ctx.method === 'POST' && (/^\/api\/contacts\/[^/]+\/(?:profile-image|documents)$/.test(ctx.path) || /^\/api\/disbursements\/[^/]+\/receipts$/.test(ctx.path));

async function readUploadFor(
  files: FilesService,
  ctx: AppContext,
  incomingDir: string,
  maxBytes: number,
  tooLargeMessage: string,
  assertOwner: (accountId: string, id: string) => Promise<void> = files.assertContact,
): Promise<Upload> {
  try {
    await assertOwner(authOf(ctx).accountId, ctx.params.id);
  } catch (err) {
    // Drain what the client is still sending, so it receives the 404 instead of a reset connection.
    ctx.req.resume();
    throw err;
  }
  return readUpload(ctx, incomingDir, maxBytes, tooLargeMessage);
}

/** Runs `use` with the upload, then removes its temporary file whatever happened (storage moved or copied it). */
async function withUpload<T>(upload: Upload, use: (upload: Upload) => Promise<T>): Promise<T> {
  try {
    return await use(upload);
  } finally {
    await upload.discard();
  }
}

/** Upload and document routes of a contact; mounted behind requireSession. */
export function contactFilesRoutes(files: FilesService, incomingDir: string): Router<AppState> {
  const router = createRouter({ prefix: '/contacts/:id' });

  router.post('/profile-image', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const upload = await readUploadFor(files, ctx, incomingDir, PROFILE_IMAGE_MAX_BYTES, 'File size must be less than 5MB');
    ctx.body = { data: await withUpload(upload, (file) => files.setProfileImage(accountId, userId, ctx.params.id, file)) };
  });

  router.delete('/profile-image', async (ctx) => {
    ctx.body = { data: await files.deleteProfileImage(authOf(ctx).accountId, ctx.params.id) };
  });

  router.post('/documents', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    const upload = await readUploadFor(files, ctx, incomingDir, DOCUMENT_MAX_BYTES, 'File size must be less than 10MB');
    ctx.status = 201;
    ctx.body = { data: await withUpload(upload, (file) => files.uploadDocument(accountId, userId, ctx.params.id, file)) };
  });

  router.put('/documents/:key/rename', async (ctx) => {
    const { fileName } = parseOr400(documentRenameInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await files.renameDocument(authOf(ctx).accountId, ctx.params.id, ctx.params.key, fileName) };
  });

  router.get('/documents/:key/download', async (ctx) => {
    ctx.body = { data: await files.documentDownloadUrl(authOf(ctx).accountId, ctx.params.id, ctx.params.key) };
  });

  router.delete('/documents/:key', async (ctx) => {
    ctx.body = { data: await files.deleteDocument(authOf(ctx).accountId, ctx.params.id, ctx.params.key) };
  });

  return router;
}

/** A disbursement's receipts (invoice, receipt, cancelled check): the contact documents' storage and limits. */
export function disbursementFilesRoutes(files: FilesService, incomingDir: string): Router<AppState> {
  const router = createRouter({ prefix: '/disbursements/:id/receipts' });

  router.get('/', async (ctx) => {
    ctx.body = { data: await files.listDisbursementReceipts(authOf(ctx).accountId, ctx.params.id) };
  });

  router.post('/', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const upload = await readUploadFor(files, ctx, incomingDir, DOCUMENT_MAX_BYTES, 'File size must be less than 10MB', files.assertDisbursement);
    ctx.status = 201;
    ctx.body = {
      data: await withUpload(upload, (file) => files.uploadDisbursementReceipt(accountId, userId, sessionId ?? null, ctx.params.id, file)),
    };
  });

  router.get('/:key/download', async (ctx) => {
    ctx.body = { data: await files.disbursementReceiptUrl(authOf(ctx).accountId, ctx.params.id, ctx.params.key) };
  });

  return router;
}

function contentDisposition(fileName: string | null): string {
  const name = fileName ?? 'document';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Signed file URLs. The token itself is the credential (an <img> cannot send a bearer header), so
 * this route is public; the signature binds key, account and expiry.
 */
export function signedFileRoutes(files: FilesService, secret: string): Router<AppState> {
  const router = createRouter();
  router.get('/files/:token', async (ctx) => {
    const verified = verifyFileToken(secret, ctx.params.token);
    if (!verified) throw new Forbidden('This link is invalid or has expired');
    const file = await files.serve(verified.accountId, verified.key);
    if (!file) throw new NotFound('File not found');
    ctx.set('Cache-Control', 'private, max-age=600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (file.ownerType === FILE_OWNER_TYPES.DOCUMENT || file.ownerType === FILE_OWNER_TYPES.RECEIPT)
      ctx.set('Content-Disposition', contentDisposition(file.fileName));
    ctx.type = file.mimeType;
    ctx.body = file.bytes;
  });
  return router;
}
