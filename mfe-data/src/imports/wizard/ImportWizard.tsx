import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ProgressBar } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import { toast } from '@caucus/design-system/session';
import { IMPORT_STARTED_MESSAGE, importCampaignStepSchema, type ImportCampaignStep, type ImportStartResponse } from '@caucus/api/contract';
import { importsKeys, startImport } from '../api/importsApi';
import type { ParsedFile } from '../parsing/types';
import { autoMap, duplicateTargets, missingIdentity, rememberedMapping, rememberMapping, type Confidence, type Mapping } from './autoMap';
import { CampaignStep } from './CampaignStep';
import { MappingStep } from './MappingStep';
import { checkRow, ReviewStep, type ReviewState } from './ReviewStep';
import { UploadStep } from './UploadStep';
import styles from './ImportWizard.module.css';

const STEPS = ['Select Campaign', 'Upload File', 'Map Columns', 'Review & Import Data'];
/** SPEC point 9: the wizard resets 2 s after an import starts. */
export const RESET_AFTER_MS = 2000;

export function ImportWizard() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const form = useForm<ImportCampaignStep>({ resolver: zodResolver(importCampaignStepSchema), defaultValues: { campaignId: '', donationAccountId: '' } });
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [parsing, setParsing] = useState(false);
  const [mapping, setMapping] = useState<Mapping>({});
  const [confidence, setConfidence] = useState<Record<string, Confidence>>({});
  const [review, setReview] = useState<ReviewState | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [started, setStarted] = useState<ImportStartResponse | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (resetTimer.current && clearTimeout(resetTimer.current)), []);

  const handleParsed = (file: ParsedFile | null) => {
    setParsed(file);
    setReview(null);
    if (!file) return;
    const remembered = rememberedMapping(file.headers);
    if (remembered) {
      setMapping(remembered);
      setConfidence({});
    } else {
      const auto = autoMap(file.headers);
      setMapping(auto.mapping);
      setConfidence(auto.confidence);
    }
  };

  const goToReview = () => {
    if (!parsed) return;
    rememberMapping(parsed.headers, mapping);
    const rows = parsed.rows.map((row) => ({ ...row }));
    setReview({ rows, errors: rows.map((row) => checkRow(row, mapping)), excluded: new Set(), importType: review?.importType ?? 'mixed' });
    setStep(3);
  };

  const reset = () => {
    form.reset({ campaignId: '', donationAccountId: '' });
    setParsed(null);
    setMapping({});
    setConfidence({});
    setReview(null);
    setStarted(null);
    setSending(null);
    setStep(0);
    void queryClient.invalidateQueries({ queryKey: importsKeys.campaigns });
  };

  const handleImport = async () => {
    if (!parsed || !review) return;
    const keep = review.rows.map((_, i) => i).filter((i) => review.errors[i].length === 0 && !review.excluded.has(i));
    const values = form.getValues();
    setSending(0);
    try {
      const result = await startImport(
        {
          campaignId: values.campaignId,
          donationAccountId: values.donationAccountId || null,
          fileName: parsed.fileName,
          headers: parsed.headers,
          mapping,
          importType: review.importType,
        },
        keep.map((i) => review.rows[i]),
        keep.map((i) => i + 1),
        setSending,
      );
      setStarted({
        message: result.message || IMPORT_STARTED_MESSAGE,
        importId: result.importId || 'N/A',
        recordsToProcess: result.recordsToProcess ?? keep.length,
      });
      void queryClient.invalidateQueries({ queryKey: importsKeys.all });
      resetTimer.current = setTimeout(reset, RESET_AFTER_MS);
    } catch (error) {
      setSending(null);
      toast.error('Import Failed', error instanceof Error && error.message ? error.message : 'Error importing data. Please try again.');
    }
  };

  const campaignId = form.watch('campaignId');
  const kept = review ? review.rows.filter((_, i) => review.errors[i].length === 0 && !review.excluded.has(i)).length : 0;
  const canNext =
    step === 0 ? Boolean(campaignId) : step === 1 ? Boolean(parsed) && !parsing : step === 2 ? duplicateTargets(mapping).length === 0 && !missingIdentity(mapping) : false;

  const next = () => {
    if (step === 0) void form.handleSubmit(() => setStep(1))();
    else if (step === 1) setStep(2);
    else if (step === 2) goToReview();
  };

  if (started) {
    return (
      <div role="status" className={styles.started}>
        <h3>Import Started Successfully!</h3>
        <p>{started.message}</p>
        <p>
          Import ID: <code>{started.importId}</code>
        </p>
        <p>Records to process: {started.recordsToProcess.toLocaleString('en-US')}</p>
      </div>
    );
  }

  return (
    <div className={styles.wizard}>
      <ol className={styles.steps} aria-label="Import steps">
        {STEPS.map((label, index) => (
          <li key={label} className={index === step ? styles.stepCurrent : index < step ? styles.stepDone : styles.step} aria-current={index === step ? 'step' : undefined}>
            <span className={styles.stepNumber}>{index + 1}</span>
            <span className={styles.stepLabel}>{label}</span>
          </li>
        ))}
      </ol>
      <h2 className={styles.stepTitle}>{STEPS[step]}</h2>
      <Form form={form} onSubmit={() => setStep(1)}>
        {step === 0 ? <CampaignStep form={form} /> : null}
      </Form>
      {step === 1 ? <UploadStep parsed={parsed} onParsed={handleParsed} busy={parsing} onBusy={setParsing} /> : null}
      {step === 2 && parsed ? (
        <MappingStep
          parsed={parsed}
          mapping={mapping}
          confidence={confidence}
          onChange={(nextMapping, nextConfidence) => {
            setMapping(nextMapping);
            setConfidence(nextConfidence);
          }}
        />
      ) : null}
      {step === 3 && parsed && review ? <ReviewStep headers={parsed.headers} mapping={mapping} state={review} onChange={setReview} /> : null}
      {sending !== null ? <ProgressBar value={sending * 100} label="Sending rows" showLabel /> : null}
      <div className={styles.actions}>
        {step > 0 ? (
          <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={sending !== null}>
            Back
          </Button>
        ) : null}
        {step < 3 ? (
          <Button onClick={next} disabled={!canNext}>
            Next
          </Button>
        ) : (
          <Button onClick={() => void handleImport()} disabled={kept === 0} loading={sending !== null}>
            Import {kept.toLocaleString('en-US')} {kept === 1 ? 'row' : 'rows'}
          </Button>
        )}
      </div>
    </div>
  );
}
