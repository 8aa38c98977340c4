import type { AppConfig } from '../../config';
import { createLocalDiskStorage } from './localDisk';
import { createS3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage, StoredFile } from './types';
export { createLocalDiskStorage } from './localDisk';
export { createS3Storage, type S3Options } from './s3';
export { isStorageKey, newStorageKey } from './keys';

/** S3-compatible storage when configured, else local disk under FILES_DIR. */
export function createStorage(config: Pick<AppConfig, 'filesDir' | 's3'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(config.filesDir);
}
