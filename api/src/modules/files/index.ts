import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import type { Logger } from '../../http/logger';
import type { AppState } from '../../http/types';
import { createStorage, type FileStorage } from '../../lib/storage';
import { contactFilesRoutes, disbursementFilesRoutes, signedFileRoutes } from './routes';
import { createFilesService, type FilesService } from './service';
import { useFileUrlSecret } from './signing';

export { signFileUrl } from './signing';
export { isFileUpload } from './routes';
export type { FilesService } from './service';

/**
 * Where uploads are streamed while they arrive, before their type is known: under FILES_DIR, so
 * local-disk storage takes them with a rename. Never served (not a storage key).
 */
export function incomingDirOf(config: Pick<AppConfig, 'filesDir'>): string {
  return path.join(config.filesDir, '.incoming');
}

/** An upload older than this in the upload area was cut off by a stop or crash. */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Removes what uploads cut off by a stop or crash left in the upload area (a request removes its own
 * file however it ends). Only files older than ABANDONED_UPLOAD_MS: another instance sharing
 * FILES_DIR may be receiving the newer ones. Returns how many were removed.
 */
export async function removeAbandonedUploads(config: Pick<AppConfig, 'filesDir'>, now = Date.now()): Promise<number> {
  const dir = incomingDirOf(config);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    const full = path.join(dir, name);
    const stat = await fs.stat(full).catch(() => undefined);
    if (stat?.isFile() && now - stat.mtimeMs > ABANDONED_UPLOAD_MS) {
      await fs.rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Wires storage, signing and the two route sets; `storage` is injectable for other back ends. The
 * service is returned too: deleting a contact removes its files through it.
 */
export function filesModule(
  knex: Knex,
  config: Pick<AppConfig, 'filesDir' | 'fileUrlSecret' | 's3'>,
  logger: Logger,
  storage: FileStorage = createStorage(config),
): { service: FilesService; publicRoutes: Router<AppState>; securedRoutes: Router<AppState>; disbursementRoutes: Router<AppState> } {
  useFileUrlSecret(config.fileUrlSecret);
  const files = createFilesService({ knex, storage, logger });
  return {
    service: files,
    publicRoutes: signedFileRoutes(files, config.fileUrlSecret),
    securedRoutes: contactFilesRoutes(files, incomingDirOf(config)),
    disbursementRoutes: disbursementFilesRoutes(files, incomingDirOf(config)),
  };
}
