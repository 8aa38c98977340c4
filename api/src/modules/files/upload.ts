import { promises as fs } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import multer from 'multer';
import { BadRequest, PayloadTooLarge } from '../../http/errors';
import type { AppContext } from '../../http/types';

/** An upload written to a temporary file; `discard` removes it (a no-op once storage took it). */
export type Upload = { originalName: string; path: string; size: number; discard(): Promise<void> };

type MulterFile = { originalname: string; path: string; size: number };

/**
 * What a multipart body may carry besides the file's bytes: its boundaries and part headers. Our
 * forms send the file alone, so a body declared longer than the limit plus this is over the limit.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Streams the multipart field `file` to a temporary file under `incomingDir`; nothing of it is held
 * in memory. A body whose declared length is already over the limit is refused before it is read, so
 * the client hears 413 at once instead of after sending it all. Otherwise multer counts bytes as they
 * stream in and stops writing at `maxBytes`: the upload is refused with 413 and its partial file
 * removed before this returns.
 */
export async function readUpload(ctx: AppContext, incomingDir: string, maxBytes: number, tooLargeMessage: string): Promise<Upload> {
  if (!ctx.is('multipart/form-data')) {
    ctx.req.resume();
    throw new BadRequest('Please select a file');
  }
  if (Number(ctx.get('Content-Length')) > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    // Node discards the rest of the body once the answer is sent, keeping the connection usable.
    ctx.req.resume();
    throw new PayloadTooLarge(tooLargeMessage);
  }
  // defParamCharset is multer's (passed on to busboy) but missing from its type definitions.
  const options: Parameters<typeof multer>[0] & { defParamCharset: string } = {
    storage: multer.diskStorage({ destination: incomingDir }),
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 },
    // Browsers send the file name as raw UTF-8; read as latin1 (multer's default) every accented
    // name is mangled, and a bidi override arrives as mojibake that slips past safeFileName.
    defParamCharset: 'utf8',
  };
  const handler = multer(options).single('file');
  await new Promise<void>((resolve, reject) => {
    handler(ctx.req, ctx.res, (err) => {
      if (!err) return resolve();
      // Whatever of the body is still coming is drained, so the client receives the answer.
      ctx.req.resume();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return reject(new PayloadTooLarge(tooLargeMessage));
      if (typeof code === 'string' && code.startsWith('LIMIT_')) return reject(new BadRequest('Please select a file'));
      reject(new BadRequest('Malformed upload'));
    });
  });
  const file = (ctx.req as IncomingMessage & { file?: MulterFile }).file;
  if (!file) throw new BadRequest('Please select a file');
  const discard = () => fs.rm(file.path, { force: true });
  if (file.size === 0) {
    await discard();
    throw new BadRequest('Please select a file');
  }
  return { originalName: file.originalname, path: file.path, size: file.size, discard };
}
