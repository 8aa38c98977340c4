import { createReadStream, promises as fs } from 'node:fs';
import { fromFile } from 'file-type';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
// Every Word 97-2003 file has a stream of this name in its OLE directory (names are UTF-16LE).
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** Whether the file holds `pattern` anywhere, read in chunks (an upload is never held whole). */
async function fileIncludes(path: string, pattern: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (window.includes(pattern)) return true;
    // A match may straddle two chunks: keep the last pattern-length-1 bytes.
    tail = window.subarray(Math.max(0, window.length - pattern.length + 1));
  }
  return false;
}

/**
 * The MIME type read from the bytes themselves; the client's name and Content-Type are ignored. Reads
 * the upload on disk as far as needed, never whole into memory. Legacy Word files are OLE compound
 * documents, which file-type reports only as a generic container (Excel and installer files share
 * it), so the Word stream decides.
 */
export async function sniffFileMimeType(path: string): Promise<string | undefined> {
  const handle = await fs.open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(OLE_SIGNATURE.length);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.equals(OLE_SIGNATURE)) return (await fileIncludes(path, WORD_STREAM)) ? 'application/msword' : 'application/x-cfb';
  const found = await fromFile(path);
  return found?.mime;
}

export function isImageType(mime: string | undefined): mime is string {
  return mime !== undefined && IMAGE_TYPES.has(mime);
}

export function isDocumentType(mime: string | undefined): mime is string {
  return isImageType(mime) || mime === 'application/pdf' || mime === DOCX || mime === 'application/msword';
}

/** The extensions a stored file of each accepted type may carry; the first is the one given when none fits. */
const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'application/pdf': ['pdf'],
  [DOCX]: ['docx'],
  'application/msword': ['doc'],
};

/**
 * A file name safe to show and to download under: no path, no control or bidirectional-override
 * characters (which can make "invoice\u202Efdp.exe" read as "invoice.exe.pdf"), and an extension
 * that agrees with the type sniffed from the bytes, so the name never claims another kind of file.
 */
export function safeFileName(name: string, mime: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .normalize('NFC')
    // C0/C1 controls, bidi embeddings/overrides/isolates and marks, zero-width characters.
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .trim();
  const allowed = EXTENSIONS[mime];
  const dot = base.lastIndexOf('.');
  const stem = (dot >= 0 ? base.slice(0, dot) : base).trim() || 'document';
  const extension = dot >= 0 ? base.slice(dot + 1).toLowerCase() : '';
  const kept = allowed && allowed.includes(extension) ? extension : allowed?.[0];
  const suffix = kept ? `.${kept}` : '';
  return `${stem.slice(0, 255 - suffix.length)}${suffix}`;
}
