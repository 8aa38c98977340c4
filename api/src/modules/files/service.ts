import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import type { ContactDocument } from '@caucus/contract/contacts';
import { NotFound, UnsupportedMediaType } from '../../http/errors';
import type { Logger } from '../../http/logger';
import { recordAudit } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { isStorageKey, newStorageKey, type FileStorage, type StoredFile } from '../../lib/storage';
import { TOUCH_CHANGE, syncSmartListsOf } from '../contactLists';
import { signFileUrl } from './signing';
import { isDocumentType, isImageType, safeFileName, sniffFileMimeType } from './sniff';
import type { Upload } from './upload';

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const PROFILE_IMAGE = 'contact_profile_image';
const DOCUMENT = 'contact_document';
/** A receipt, invoice or cancelled check kept with a disbursement: a files row owned by the disbursement. */
const RECEIPT = 'disbursement_receipt';

type DocumentRow = { key: string; fileName: string; mimeType: string; size: number | string; uploadedAt: Date | string | null };

function toDocument(row: DocumentRow): ContactDocument {
  const at = row.uploadedAt;
  return {
    key: row.key,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: Number(row.size),
    uploadedAt: at === null ? null : new Date(at).toISOString(),
  };
}

export type ServedFile = StoredFile & { fileName: string | null; ownerType: string };

export function createFilesService({ knex, storage, logger }: { knex: Knex; storage: FileStorage; logger?: Logger }) {
  async function requireContact(db: Knex | Knex.Transaction, accountId: string, contactId: string) {
    const row = (await db('contacts').where({ accountId, id: contactId }).first('id', 'profileImageKey')) as
      { id: string; profileImageKey: string | null } | undefined;
    if (!row) throw new NotFound('Contact not found');
    return row;
  }

  async function requireDocument(accountId: string, contactId: string, key: string): Promise<DocumentRow & { id: string }> {
    await requireContact(knex, accountId, contactId);
    const row = isStorageKey(key)
      ? ((await knex('contactDocuments').where({ accountId, contactId, key }).first()) as (DocumentRow & { id: string }) | undefined)
      : undefined;
    if (!row) throw new NotFound('Document not found');
    return row;
  }

  async function listDocuments(db: Knex | Knex.Transaction, accountId: string, contactId: string): Promise<ContactDocument[]> {
    const rows = (await db('contactDocuments')
      .where({ accountId, contactId })
      .orderBy([{ column: 'uploadedAt' }, { column: 'id' }])
      .select('key', 'fileName', 'mimeType', 'size', 'uploadedAt')) as DocumentRow[];
    return rows.map(toDocument);
  }

  async function requireDisbursement(db: Knex | Knex.Transaction, accountId: string, disbursementId: string) {
    const row = (await db('disbursements').where({ accountId, id: disbursementId }).first('id')) as { id: string } | undefined;
    if (!row) throw new NotFound('Disbursement not found');
    return row;
  }

  async function listReceipts(db: Knex | Knex.Transaction, accountId: string, disbursementId: string): Promise<ContactDocument[]> {
    const rows = (await db('files')
      .where({ accountId, ownerType: RECEIPT, ownerId: disbursementId })
      .orderBy([{ column: 'createdAt' }, { column: 'id' }])
      .select({ key: 'storageKey', fileName: 'fileName', mimeType: 'mimeType', size: 'size', uploadedAt: 'createdAt' })) as DocumentRow[];
    return rows.map(toDocument);
  }

  return {
    /** Checked before the upload is read, so another account's id answers 404 without taking the bytes. */
    async assertDisbursement(accountId: string, disbursementId: string): Promise<void> {
      await requireDisbursement(knex, accountId, disbursementId);
    },

    async listDisbursementReceipts(accountId: string, disbursementId: string) {
      await requireDisbursement(knex, accountId, disbursementId);
      return { receipts: await listReceipts(knex, accountId, disbursementId) };
    },

    /** Same storage, type sniffing and size limit as a contact's documents; the upload is audited on the disbursement. */
    async uploadDisbursementReceipt(accountId: string, userId: string, sessionId: string | null, disbursementId: string, upload: Upload) {
      await requireDisbursement(knex, accountId, disbursementId);
      const mime = await sniffFileMimeType(upload.path);
      if (!isDocumentType(mime)) throw new UnsupportedMediaType('Unsupported file type');
      const key = newStorageKey('doc');
      const fileName = safeFileName(upload.originalName, mime);
      await storage.putFile(key, upload.path, mime);
      try {
        return await inTransaction(knex, async (trx) => {
          await requireDisbursement(trx, accountId, disbursementId);
          await trx('files').insert({
            id: newId(),
            accountId,
            storageKey: key,
            ownerType: RECEIPT,
            ownerId: disbursementId,
            fileName,
            mimeType: mime,
            size: upload.size,
            createdBy: userId,
            createdAt: new Date(),
          });
          await recordAudit(trx, {
            accountId,
            actor: { userId, sessionId },
            action: 'attach_receipt',
            entityType: 'disbursement',
            entityId: disbursementId,
            before: null,
            after: { receipt: { key, fileName, mimeType: mime, size: upload.size } },
          });
          return { receipts: await listReceipts(trx, accountId, disbursementId) };
        });
      } catch (err) {
        await storage.delete(key);
        throw err;
      }
    },

    async disbursementReceiptUrl(accountId: string, disbursementId: string, key: string) {
      await requireDisbursement(knex, accountId, disbursementId);
      const row = isStorageKey(key)
        ? await knex('files').where({ accountId, ownerType: RECEIPT, ownerId: disbursementId, storageKey: key }).first('id')
        : undefined;
      if (!row) throw new NotFound('Receipt not found');
      return { downloadUrl: signFileUrl(accountId, key) };
    },

    /** Checked before the upload is read, so another account's id answers 404 without taking the bytes. */
    async assertContact(accountId: string, contactId: string): Promise<void> {
      await requireContact(knex, accountId, contactId);
    },

    async setProfileImage(accountId: string, userId: string, contactId: string, upload: Upload) {
      await requireContact(knex, accountId, contactId);
      const mime = await sniffFileMimeType(upload.path);
      if (!isImageType(mime)) throw new UnsupportedMediaType('Please select an image file');
      const key = newStorageKey('img');
      await storage.putFile(key, upload.path, mime);
      let oldKey: string | null = null;
      try {
        await inTransaction(knex, async (trx) => {
          const contact = await requireContact(trx, accountId, contactId);
          oldKey = contact.profileImageKey;
          await trx('contacts').where({ accountId, id: contactId }).update({ profileImageKey: key, updatedAt: new Date() });
          // A rule on "Updated" reads this change too.
          await syncSmartListsOf(trx, accountId, [contactId], TOUCH_CHANGE);
          await trx('files').insert({
            id: newId(),
            accountId,
            storageKey: key,
            ownerType: PROFILE_IMAGE,
            ownerId: contactId,
            fileName: safeFileName(upload.originalName, mime),
            mimeType: mime,
            size: upload.size,
            createdBy: userId,
            createdAt: new Date(),
          });
          if (oldKey) await trx('files').where({ accountId, storageKey: oldKey }).delete();
        });
      } catch (err) {
        await storage.delete(key);
        throw err;
      }
      // Removed only once the new image is committed, so a failure never leaves the contact without one.
      if (oldKey && isStorageKey(oldKey)) await storage.delete(oldKey);
      return { profileImageKey: key, profileImageUrl: signFileUrl(accountId, key) };
    },

    async deleteProfileImage(accountId: string, contactId: string) {
      const contact = await requireContact(knex, accountId, contactId);
      const key = contact.profileImageKey;
      if (key) {
        await inTransaction(knex, async (trx) => {
          await trx('contacts').where({ accountId, id: contactId }).update({ profileImageKey: null, updatedAt: new Date() });
          await syncSmartListsOf(trx, accountId, [contactId], TOUCH_CHANGE);
          await trx('files').where({ accountId, storageKey: key }).delete();
        });
        if (isStorageKey(key)) await storage.delete(key);
      }
      return { deleted: true as const };
    },

    async uploadDocument(accountId: string, userId: string, contactId: string, upload: Upload) {
      await requireContact(knex, accountId, contactId);
      const mime = await sniffFileMimeType(upload.path);
      if (!isDocumentType(mime)) throw new UnsupportedMediaType('Unsupported file type');
      const key = newStorageKey('doc');
      const fileName = safeFileName(upload.originalName, mime);
      await storage.putFile(key, upload.path, mime);
      try {
        return await inTransaction(knex, async (trx) => {
          await requireContact(trx, accountId, contactId);
          const now = new Date();
          await trx('contactDocuments').insert({
            id: newId(),
            accountId,
            contactId,
            key,
            fileName,
            mimeType: mime,
            size: upload.size,
            uploadedBy: userId,
            uploadedAt: now,
          });
          await trx('files').insert({
            id: newId(),
            accountId,
            storageKey: key,
            ownerType: DOCUMENT,
            ownerId: contactId,
            fileName,
            mimeType: mime,
            size: upload.size,
            createdBy: userId,
            createdAt: now,
          });
          const documents = await listDocuments(trx, accountId, contactId);
          return { documentKeys: documents.map((d) => d.key), documents };
        });
      } catch (err) {
        await storage.delete(key);
        throw err;
      }
    },

    async renameDocument(accountId: string, contactId: string, key: string, fileName: string) {
      const row = await requireDocument(accountId, contactId, key);
      // A rename keeps the extension of the type the bytes were sniffed as.
      const name = safeFileName(fileName, String(row.mimeType));
      await inTransaction(knex, async (trx) => {
        await trx('contactDocuments').where({ accountId, id: row.id }).update({ fileName: name });
        await trx('files').where({ accountId, storageKey: key }).update({ fileName: name });
      });
      return { document: toDocument({ ...row, fileName: name }) };
    },

    async documentDownloadUrl(accountId: string, contactId: string, key: string) {
      await requireDocument(accountId, contactId, key);
      return { downloadUrl: signFileUrl(accountId, key) };
    },

    async deleteDocument(accountId: string, contactId: string, key: string) {
      const row = await requireDocument(accountId, contactId, key);
      await inTransaction(knex, async (trx) => {
        await trx('contactDocuments').where({ accountId, id: row.id }).delete();
        await trx('files').where({ accountId, storageKey: key }).delete();
      });
      await storage.delete(key);
      return { deleted: true as const };
    },

    /**
     * Forgets every file of a contact inside the transaction that deletes it, so its signed URLs stop
     * working with the commit. Returns what removes the bytes, to run once that transaction commits
     * (a rollback must not lose files). A failed removal is logged: the bytes are unreachable already.
     */
    async detachContactFiles(trx: Knex.Transaction, accountId: string, contactId: string): Promise<() => Promise<void>> {
      const owned = () => trx('files').where({ accountId, ownerId: contactId }).whereIn('ownerType', [PROFILE_IMAGE, DOCUMENT]);
      const keys = (await owned().pluck('storageKey')) as string[];
      await owned().delete();
      return async () => {
        const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
        results.forEach((result, i) => {
          if (result.status === 'rejected') logger?.error('stored file not removed', { key: keys[i], error: String(result.reason) });
        });
      };
    },

    /** The bytes behind a verified token, only while the file still belongs to that account. */
    async serve(accountId: string, key: string): Promise<ServedFile | undefined> {
      if (!isStorageKey(key)) return undefined;
      const row = (await knex('files').where({ accountId, storageKey: key }).first('fileName', 'ownerType')) as
        { fileName: string | null; ownerType: string } | undefined;
      if (!row) return undefined;
      const stored = await storage.get(key);
      return stored && { ...stored, fileName: row.fileName, ownerType: row.ownerType };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
export const FILE_OWNER_TYPES = { PROFILE_IMAGE, DOCUMENT, RECEIPT } as const;
