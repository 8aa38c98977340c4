import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ProgressBar } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import { toast, workspaceCalendarDate } from '@caucus/platform';
import { fileFingerprint, IMPORT_STARTED_MESSAGE, type ImportCampaignStep, type ImportStartResponse } from '@caucus/contract';
import { fetchImportedBefore } from '../api/duplicatesApi';
import { importsKeys } from '../api/importsApi';
import { ImportUploadError, startImport } from '../api/importUpload';
import { useGiftFindings } from '../hooks/useGiftFindings';
import { checkRowFully } from '../parsing/checkRows';
import type { ParseJob } from '../parsing/parseFile';
import type { ParsedFile } from '../parsing/types';
import { rowsText } from '../utils/format';
import { autoMap, duplicateTargets, rememberedMapping, rememberMapping, type Confidence, type Mapping } from './autoMap';
import { mappingFormSchema, toFormValues, toMapping, type MappingFormValues } from './mappingForm';
import { MappingStep } from './MappingStep';
import { DuplicateGifts } from './DuplicateGifts';
import { ImportedBefore } from './ImportedBefore';
import { LimitWarnings } from './LimitWarnings';
import { PartialFailureAlert, type PartialFailure } from './PartialFailureAlert';
import { keptCount, keptWarnings, ReviewStep, type ReviewState } from './ReviewStep';
import { rowsToImport } from './rowsToImport';
import { UploadStep } from './UploadStep';
import styles from './ImportWizard.module.css';

/** What the started notice shows (docs/product/messages.md, Import). */
export type ImportStarted = ImportStartResponse & { skippedInReview: number; leftOut: number };
type ParseSession = Pick<ParseJob, 'checkRows' | 'close'>;

export type FileStepsProps = {
  /** The wizard's step: 1 upload, 2 mapping, 3 review; at 0 (the campaign) these steps keep their state but show nothing. */
  step: number;
  onStep: (step: number) => void;
  /** The campaign step's values, read when the import is sent. */
  campaign: () => ImportCampaignStep;
  onStarted: (started: ImportStarted) => void;
};

/**
 * Steps 2 to 4 of the import wizard (upload, mapping, review) and their actions. Loaded when the
 * campaign step is passed (ADR 0008): the file reader, the contract's row checks and zod are not part
 * of the section's first view. Stays mounted when the user goes back to the campaign, so the file,
 * the mapping and the review's edits are kept as they were.
 */
export function FileSteps({ step, onStep, campaign, onStarted }: FileStepsProps) {
  const queryClient = useQueryClient();
  const mappingForm = useForm<MappingFormValues>({ resolver: zodResolver(mappingFormSchema), defaultValues: { columns: [] } });
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [parsing, setParsing] = useState(false);
  const [confidence, setConfidence] = useState<Record<string, Confidence>>({});
  const [review, setReview] = useState<ReviewState | null>(null);
  /** The mapping the review's rows were checked with, and the one sent. */
  const [reviewMapping, setReviewMapping] = useState<Mapping>({});
  const [checking, setChecking] = useState<number | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [partialFailure, setPartialFailure] = useState<PartialFailure | null>(null);
  const session = useRef<ParseSession | null>(null);
  const checkRun = useRef(0);
  /** The file's content fingerprint, and the earlier import of the same content (if any) with the user's answer. */
  const [fingerprint, setFingerprint] = useState<string | null>(null);
  const [importedBefore, setImportedBefore] = useState<string | null>(null);
  const [importAnyway, setImportAnyway] = useState(false);
  const gifts = useGiftFindings();
  const { duplicates, includedDuplicates } = gifts;

  useEffect(() => () => session.current?.close(), []);

  const handleParsed = (file: ParsedFile | null, job?: ParseSession) => {
    if (session.current && session.current !== job) session.current.close();
    session.current = job ?? null;
    setParsed(file);
    setReview(null);
    setFingerprint(null);
    setImportedBefore(null);
    setImportAnyway(false);
    gifts.reset();
    if (!file) return;
    const print = fileFingerprint(file.headers, file.rows);
    setFingerprint(print);
    // Only a warning: when the check cannot be made, the import's own row checks still skip repeated gifts.
    fetchImportedBefore(print).then(
      (found) => setImportedBefore(found.message),
      () => setImportedBefore(null),
    );
    const remembered = rememberedMapping(file.headers);
    const auto = remembered ? { mapping: remembered, confidence: {} } : autoMap(file.headers);
    mappingForm.reset(toFormValues(file.headers, auto.mapping));
    setConfidence(auto.confidence);
  };

  /** Checks every row in the parse worker, then the rows edited in a previous visit here. */
  const goToReview = async (values: MappingFormValues) => {
    if (!parsed || !session.current) return;
    const mapping = toMapping(values);
    rememberMapping(parsed.headers, mapping);
    const run = ++checkRun.current;
    setReviewMapping(mapping);
    onStep(3);
    setChecking(0);
    const day = workspaceCalendarDate();
    try {
      const { problems, warnings } = await session.current.checkRows(mapping, day, (fraction) => run === checkRun.current && setChecking(fraction));
      if (run !== checkRun.current) return;
      const edits = review?.edits ?? new Map<number, Record<string, string>>();
      for (const [index, row] of edits) {
        const result = checkRowFully(row, mapping, day);
        problems.delete(index);
        warnings.delete(index);
        if (result.errors.length > 0) problems.set(index, result.errors);
        else if (result.warnings.length > 0) warnings.set(index, result.warnings);
      }
      const giftRun = { parsed, mapping, problems, edits, isCurrent: () => run === checkRun.current };
      await gifts.findDuplicates(giftRun, importAnyway, (fraction) => run === checkRun.current && setChecking(fraction));
      if (run !== checkRun.current) return;
      await gifts.findLimitWarnings(giftRun, campaign().campaignId);
      if (run !== checkRun.current) return;
      setReview({ problems, warnings, warningsConfirmed: false, edits, excluded: review?.excluded ?? new Set(), importType: review?.importType ?? 'mixed' });
    } catch (error) {
      if (run !== checkRun.current) return;
      toast.error('Error parsing file', error instanceof Error && error.message ? error.message : 'Please check the file format and try again.');
      onStep(2);
    } finally {
      if (run === checkRun.current) setChecking(null);
    }
  };

  const handleImport = async () => {
    if (!parsed || !review) return;
    const { rows, rowNumbers, skipped, leftOut } = rowsToImport(parsed, review, duplicates, includedDuplicates);
    const skippedInReview = skipped.length;
    const values = campaign();
    setPartialFailure(null);
    setSending(0);
    try {
      const result = await startImport(
        {
          campaignId: values.campaignId,
          donationAccountId: values.donationAccountId || null,
          fileName: parsed.fileName,
          headers: parsed.headers,
          mapping: reviewMapping,
          importType: review.importType,
          fingerprint: fingerprint ?? undefined,
          importAnyway,
          includeDuplicates: [...includedDuplicates].filter((index) => duplicates.has(index)).map((index) => index + 1),
        },
        rows,
        rowNumbers,
        setSending,
        undefined,
        skipped,
      );
      void queryClient.invalidateQueries({ queryKey: importsKeys.all });
      onStarted({
        message: result.message || IMPORT_STARTED_MESSAGE,
        importId: result.importId || 'N/A',
        recordsToProcess: result.recordsToProcess ?? rows.length,
        skippedInReview,
        leftOut,
      });
    } catch (error) {
      setSending(null);
      const message = error instanceof Error && error.message ? error.message : 'Error importing data. Please try again.';
      toast.error('Import Failed', message);
      if (error instanceof ImportUploadError) {
        setPartialFailure({ message, importId: error.importId, rowsSent: error.rowsSent, rowsTotal: rows.length, markedFailed: error.markedFailed });
        void queryClient.invalidateQueries({ queryKey: importsKeys.all });
      }
    }
  };

  const columns = mappingForm.watch('columns');
  if (step === 0) return null;

  const hasDuplicates = step === 2 && parsed ? duplicateTargets(toMapping({ columns })).length > 0 : false;
  const skippedDuplicates = review
    ? [...duplicates.keys()].filter((index) => !includedDuplicates.has(index) && !review.excluded.has(index) && !review.problems.has(index)).length
    : 0;
  const kept = review && parsed ? keptCount(parsed.rows.length, review) - skippedDuplicates : 0;
  // Gifts past the contributor's limit that will be sent (not left out, not a skipped repeat).
  const limitWarnings = review
    ? gifts.limitWarnings.filter(({ rowNumber }) => {
        const index = rowNumber - 1;
        return !review.excluded.has(index) && !review.problems.has(index) && !(duplicates.has(index) && !includedDuplicates.has(index));
      })
    : [];
  // Rows with warnings (a future date, a huge amount, a gift past the limit) are imported once the user says they checked them.
  const unconfirmed = review ? (keptWarnings(review) > 0 && !review.warningsConfirmed) || (limitWarnings.length > 0 && !gifts.limitsConfirmed) : false;
  const canNext = step === 1 ? Boolean(parsed) && !parsing && (!importedBefore || importAnyway) : step === 2 ? !hasDuplicates : false;

  const next = () => {
    if (step === 1) onStep(2);
    else if (step === 2) void mappingForm.handleSubmit(goToReview)();
  };
  const back = () => {
    checkRun.current += 1;
    setChecking(null);
    setPartialFailure(null);
    onStep(step - 1);
  };

  return (
    <>
      {step === 1 ? <UploadStep parsed={parsed} onParsed={handleParsed} busy={parsing} onBusy={setParsing} /> : null}
      {step === 1 && parsed && importedBefore ? (
        <ImportedBefore message={importedBefore} confirmed={importAnyway} onConfirm={() => setImportAnyway(true)} />
      ) : null}
      {step === 2 && parsed ? (
        <Form form={mappingForm} onSubmit={goToReview}>
          <MappingStep parsed={parsed} form={mappingForm} confidence={confidence} onConfidenceChange={setConfidence} />
        </Form>
      ) : null}
      {step === 3 && checking !== null ? <ProgressBar value={checking * 100} label={`Checking ${rowsText(parsed?.rows.length ?? 0)}`} showLabel /> : null}
      {step === 3 && parsed && review && checking === null ? (
        <>
          <LimitWarnings warnings={limitWarnings} confirmed={gifts.limitsConfirmed} onConfirmedChange={gifts.setLimitsConfirmed} />
          <DuplicateGifts findings={duplicates} included={includedDuplicates} onChange={gifts.setIncludedDuplicates} />
          <ReviewStep headers={parsed.headers} mapping={reviewMapping} rows={parsed.rows} state={review} onChange={setReview} />
        </>
      ) : null}
      {partialFailure ? <PartialFailureAlert failure={partialFailure} /> : null}
      {sending !== null ? <ProgressBar value={sending * 100} label="Sending rows" showLabel /> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={back} disabled={sending !== null}>
          Back
        </Button>
        {step < 3 ? (
          <Button onClick={next} disabled={!canNext}>
            Next
          </Button>
        ) : (
          <Button
            onClick={() => void handleImport()}
            disabled={kept === 0 || unconfirmed || checking !== null || partialFailure !== null}
            loading={sending !== null}
          >
            Import {rowsText(kept)}
          </Button>
        )}
      </div>
    </>
  );
}
