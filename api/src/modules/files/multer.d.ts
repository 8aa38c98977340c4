// multer ships no types and @types/multer is not installed; only what the upload middleware uses.
declare module 'multer' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Handler = (req: IncomingMessage, res: ServerResponse, callback: (err?: unknown) => void) => void;
  type Options = { storage: unknown; limits?: { fileSize?: number; files?: number; fields?: number; parts?: number } };
  interface Multer {
    single(field: string): Handler;
  }
  interface MulterFactory {
    (options: Options): Multer;
    memoryStorage(): unknown;
    /** Streams each file to `destination` (created if missing) under a random name. */
    diskStorage(options: { destination: string }): unknown;
  }
  const multer: MulterFactory;
  export default multer;
}
