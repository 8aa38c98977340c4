import { fromBuffer } from 'file-type';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
// Every Word 97-2003 file has a stream of this name in its OLE directory (names are UTF-16LE).
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** The MIME type read from the bytes themselves; the client's name and Content-Type are ignored. */
export async function sniffMimeType(bytes: Buffer): Promise<string | undefined> {
  // Legacy Word files are OLE compound documents, which file-type reports only as a generic container
  // (Excel and installer files share it), so the Word stream decides.
  if (bytes.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) {
    return bytes.includes(WORD_STREAM) ? 'application/msword' : 'application/x-cfb';
  }
  const found = await fromBuffer(bytes);
  return found?.mime;
}

export function isImageType(mime: string | undefined): mime is string {
  return mime !== undefined && IMAGE_TYPES.has(mime);
}

export function isDocumentType(mime: string | undefined): mime is string {
  return isImageType(mime) || mime === 'application/pdf' || mime === DOCX || mime === 'application/msword';
}
