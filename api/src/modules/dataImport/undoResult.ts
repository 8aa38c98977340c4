import type { ImportUndoResult } from '@caucus/contract';

// What an undo has taken back so far, kept on the import (imports.undo_result) as JSON: the undo job
// adds to it batch by batch, and the history card shows it.

export type UndoResult = { removed: ImportUndoResult['removed']; restoredContacts: number };
export const EMPTY_UNDO_RESULT: UndoResult = { removed: { donations: 0, pledges: 0, notes: 0, contacts: 0, associations: 0 }, restoredContacts: 0 };

/** The stored result, every count present (a fresh object: the undo job adds to it). Throws on text that is not JSON. */
export function readUndoResult(stored: unknown): UndoResult {
  const result = { ...EMPTY_UNDO_RESULT, ...(JSON.parse(String(stored ?? '{}')) as Partial<UndoResult>) };
  return { ...result, removed: { ...EMPTY_UNDO_RESULT.removed, ...result.removed } };
}
