import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalDiskStorage } from './localDisk';
import { isStorageKey, newStorageKey } from './keys';

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'caucus-storage-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('local disk storage', () => {
  it('puts, gets and deletes bytes with their type', async () => {
    const storage = createLocalDiskStorage(root);
    const key = newStorageKey('doc');
    await storage.put(key, Buffer.from('hello'), 'application/pdf');
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('hello'), mimeType: 'application/pdf' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    expect(readdirSync(root)).toEqual([]);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses any key it did not generate, so no path can leave the root', async () => {
    const storage = createLocalDiskStorage(root);
    for (const key of ['../escape', 'doc-../../x', '/etc/passwd', 'doc-ABC', 'a/b', '', 'doc-' + 'a'.repeat(31) + '.']) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
    }
    expect(existsSync(path.join(root, '..', 'escape'))).toBe(false);
  });

  it('generates distinct random keys', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newStorageKey('img')));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(isStorageKey(key)).toBe(true);
  });
});
