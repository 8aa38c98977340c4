import type { IncomingMessage } from 'node:http';
import multer from 'multer';
import { BadRequest, PayloadTooLarge } from '../../http/errors';
import type { AppContext } from '../../http/types';

export type Upload = { originalName: string; bytes: Buffer; size: number };

type MulterFile = { originalname: string; buffer: Buffer; size: number };

/**
 * Reads the multipart field `file` into memory. multer counts bytes as they stream in and stops at
 * `maxBytes`, so an oversized upload is refused without being held whole.
 */
export async function readUpload(ctx: AppContext, maxBytes: number, tooLargeMessage: string): Promise<Upload> {
  if (!ctx.is('multipart/form-data')) throw new BadRequest('Please select a file');
  // defParamCharset is multer's (passed on to busboy) but missing from its type definitions.
  const options: Parameters<typeof multer>[0] & { defParamCharset: string } = {
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 },
    // Browsers send the file name as raw UTF-8; read as latin1 (multer's default) every accented
    // name is mangled, and a bidi override arrives as mojibake that slips past safeFileName.
    defParamCharset: 'utf8',
  };
  const handler = multer(options).single('file');
  await new Promise<void>((resolve, reject) => {
    handler(ctx.req, ctx.res, (err) => {
      if (!err) return resolve();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return reject(new PayloadTooLarge(tooLargeMessage));
      if (typeof code === 'string' && code.startsWith('LIMIT_')) return reject(new BadRequest('Please select a file'));
      reject(new BadRequest('Malformed upload'));
    });
  });
  const file = (ctx.req as IncomingMessage & { file?: MulterFile }).file;
  if (!file || file.size === 0) throw new BadRequest('Please select a file');
  return { originalName: file.originalname, bytes: file.buffer, size: file.size };
}
