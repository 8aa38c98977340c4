import { useState } from 'react';
import { toast } from '@caucus/platform';
import type { ImportDuplicateFinding, ImportLimitWarning } from '@caucus/contract';
import { checkDuplicateGifts, checkLimitWarnings } from '../api/duplicatesApi';
import type { ParsedFile } from '../parsing/types';
import type { Mapping } from '../wizard/autoMap';

/** One run of the review's checks: the rows with problems are not asked about, edited rows are asked about as edited. */
export type GiftCheckRun = {
  parsed: ParsedFile;
  mapping: Mapping;
  problems: Map<number, unknown>;
  edits: Map<number, Record<string, string>>;
  /** False once a newer run started (or the user went back): its answers are dropped. */
  isCurrent: () => boolean;
};

/** The rows a run asks about, as they will be sent. */
function askedRows({ parsed, problems, edits }: GiftCheckRun) {
  const indexes: number[] = [];
  for (let index = 0; index < parsed.rows.length; index++) if (!problems.has(index)) indexes.push(index);
  return { rows: indexes.map((index) => edits.get(index) ?? parsed.rows[index]), rowNumbers: indexes.map((index) => index + 1) };
}

const mapsGifts = (mapping: Mapping) => Object.values(mapping).includes('amount');

/**
 * What the review says about a file's gifts, asked of the API once its rows are checked: the gifts
 * that repeat one already recorded (and the ones the user includes all the same), and the gifts that
 * take their contributor past the election's limit. Both only warn: the import checks again.
 */
export function useGiftFindings() {
  /** Possible duplicate gifts by row index, and the ones the user includes. */
  const [duplicates, setDuplicates] = useState<Map<number, ImportDuplicateFinding>>(new Map());
  const [includedDuplicates, setIncludedDuplicates] = useState<Set<number>>(new Set());
  /** Rows whose gift takes its contributor past the election's limit (a warning only). */
  const [limitWarnings, setLimitWarnings] = useState<ImportLimitWarning[]>([]);
  /** The user read the gifts past the limit and imports them all the same: asked again for each new finding. */
  const [limitsConfirmed, setLimitsConfirmed] = useState(false);

  /** A new file: nothing found yet. */
  const reset = () => {
    setDuplicates(new Map());
    setIncludedDuplicates(new Set());
    setLimitWarnings([]);
    setLimitsConfirmed(false);
  };

  /**
   * Asks which rows repeat a gift already recorded (or an earlier row): only when gifts are mapped.
   * `importAnyway`: the user chose to import the file again, so its repeated gifts start included.
   */
  const findDuplicates = async (run: GiftCheckRun, importAnyway: boolean, onProgress: (fraction: number) => void) => {
    if (!mapsGifts(run.mapping)) {
      setDuplicates(new Map());
      return;
    }
    const { rows, rowNumbers } = askedRows(run);
    try {
      const found = await checkDuplicateGifts(run.parsed.headers, run.mapping, rows, rowNumbers, onProgress);
      if (!run.isCurrent()) return;
      setDuplicates(new Map(found.map((f) => [f.rowNumber - 1, f])));
      // A file the user chose to import again: its repeated gifts are what they asked for, so they
      // start included (each can still be skipped in Review).
      if (importAnyway) setIncludedDuplicates(new Set(found.map((f) => f.rowNumber - 1)));
    } catch {
      // The import checks every batch again: a review without the list still skips repeated gifts.
      setDuplicates(new Map());
      toast.error('Duplicate check unavailable', 'Rows that repeat gifts already recorded will still be skipped by the import.');
    }
  };

  /** Asks which gifts take their contributor past the election's limit: only when gifts are mapped to a campaign. */
  const findLimitWarnings = async (run: GiftCheckRun, campaignId: string | null | undefined) => {
    setLimitsConfirmed(false);
    if (!campaignId || !mapsGifts(run.mapping)) {
      setLimitWarnings([]);
      return;
    }
    const { rows, rowNumbers } = askedRows(run);
    try {
      const found = await checkLimitWarnings(campaignId, run.parsed.headers, run.mapping, rows, rowNumbers);
      if (run.isCurrent()) setLimitWarnings(found);
    } catch {
      // Only a warning: the Compliance tab flags the excess once the gifts are recorded.
      setLimitWarnings([]);
      toast.error('Limit check unavailable', 'Gifts past the contribution limit will still be flagged on the Compliance tab.');
    }
  };

  return {
    duplicates,
    includedDuplicates,
    setIncludedDuplicates,
    limitWarnings,
    limitsConfirmed,
    setLimitsConfirmed,
    reset,
    findDuplicates,
    findLimitWarnings,
  };
}
