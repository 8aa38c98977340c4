import path from 'node:path';
import type { Knex } from 'knex';
import type { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import type { Logger } from '../../http/logger';
import type { AppState } from '../../http/types';
import { createStorage, type FileStorage } from '../../lib/storage';
import { contactFilesRoutes, signedFileRoutes } from './routes';
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

/**
 * Wires storage, signing and the two route sets; `storage` is injectable for other back ends. The
 * service is returned too: deleting a contact removes its files through it.
 */
export function filesModule(
  knex: Knex,
  config: Pick<AppConfig, 'filesDir' | 'fileUrlSecret' | 's3'>,
  logger: Logger,
  storage: FileStorage = createStorage(config),
): { service: FilesService; publicRoutes: Router<AppState>; securedRoutes: Router<AppState> } {
  useFileUrlSecret(config.fileUrlSecret);
  const files = createFilesService({ knex, storage, logger });
  return { service: files, publicRoutes: signedFileRoutes(files, config.fileUrlSecret), securedRoutes: contactFilesRoutes(files, incomingDirOf(config)) };
}
