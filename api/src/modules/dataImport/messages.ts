// What the import's requests and jobs tell users: each says what happened and what to do, never a query.

export const IMPORT_NOT_FOUND = 'Import not found';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const DONATION_ACCOUNT_NOT_FOUND = 'Donation account not found';
/** A new account's first campaign is a draft: any campaign but an archived one takes an import. */
export const CAMPAIGN_ARCHIVED = 'An archived campaign cannot receive an import';
export const DONATION_ACCOUNT_NOT_OF_CAMPAIGN = 'This donation account does not belong to the selected campaign';
export const UNDONE_IMPORT_NOT_RETRIED = 'This import was undone; start a new import instead of retrying it';
export const ONLY_FAILED_RETRIED = 'Only a failed import can be retried';
export const ONLY_PROCESSING_CANCELLED = 'Only an import in progress can be canceled';
export const FAILED_IMPORT_NOT_FIXED = 'This import failed: retry it first, then import its fixed rows';
export const ALREADY_UNDONE = 'This import was already undone';
export const UNDO_RUNNING = 'This import is being undone: its progress shows in Import History';
export const UNDONE_IMPORT_NOT_FIXED = 'This import was undone; start a new import instead';
export const notSkippedRowMessage = (rowNumbers: number[]) => `Not a skipped row of this import: row ${rowNumbers.slice(0, 5).join(', ')}`;
export const rowsAlreadySentMessage = (rowNumbers: number[]) => `Rows already sent: ${rowNumbers.slice(0, 5).join(', ')}`;
/** The failure reasons users see (history cards): what happened and what to do, never a query. */
export const UPLOAD_INTERRUPTED = 'Upload interrupted: the rest of the file did not arrive. Retry imports the rows that did; Undo takes them back.';
export const IMPORT_CANCELLED = 'Import canceled. Retry continues from the first row not done; Undo takes back what was imported.';
export const IMPORT_STOPPED = 'Import stopped: a batch could not be saved. Retry continues from the first row not done.';
export const IMPORT_STOPPED_DATABASE = 'Import stopped: the database could not be reached. Retry continues from the first row not done.';
