import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isStorageKey } from './keys';
import type { FileStorage, StoredFile } from './types';

function resolveKey(root: string, key: string): string {
  if (!isStorageKey(key)) throw new Error('Invalid storage key');
  const full = path.resolve(root, key);
  // Belt and braces: the key pattern already rules out traversal.
  if (!full.startsWith(root + path.sep)) throw new Error('Invalid storage key');
  return full;
}

/** Files on local disk; the MIME type is kept in a sidecar so reads need no database. */
export function createLocalDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  return {
    async put(key, bytes, mimeType) {
      const full = resolveKey(root, key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, bytes);
      await fs.writeFile(`${full}.type`, mimeType, 'utf8');
    },
    async putFile(key, filePath, mimeType) {
      const full = resolveKey(root, key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      try {
        // Uploads are written under the same root (FILES_DIR/.incoming): a rename, no copy.
        await fs.rename(filePath, full);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fs.copyFile(filePath, full);
      }
      await fs.writeFile(`${full}.type`, mimeType, 'utf8');
    },
    async get(key): Promise<StoredFile | undefined> {
      const full = resolveKey(root, key);
      try {
        const [bytes, mimeType] = await Promise.all([fs.readFile(full), fs.readFile(`${full}.type`, 'utf8')]);
        return { bytes, mimeType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      const full = resolveKey(root, key);
      await fs.rm(full, { force: true });
      await fs.rm(`${full}.type`, { force: true });
    },
  };
}
