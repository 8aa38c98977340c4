import { lazy, Suspense, useEffect, useRef, useState, useTransition } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spinner } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import type { ImportCampaignStep } from '@caucus/contract';
import { importsKeys } from '../api/importsApi';
import { rowsText } from '../utils/format';
import { CampaignStep } from './CampaignStep';
import type { ImportStarted } from './FileSteps';
import styles from './ImportWizard.module.css';

const STEPS = ['Select Campaign', 'Upload File', 'Map Columns', 'Review & Import Data'];
/** docs/product/limits-and-defaults.md: the wizard resets 2 s after an import starts. */
export const RESET_AFTER_MS = 2000;

// The section opens on the campaign step (ADR 0008): its schema (with zod and the import contract)
// loads when the step is checked, and the later steps (file reader, mapping, review) when it is
// passed. Both are fetched as soon as a campaign is picked, so Next rarely waits for them; when it
// does, Next is busy and the campaign step stays on screen until the next step can show.
const loadCampaignResolver = () => import('./campaignStepResolver');
const loadFileSteps = () => import('./FileSteps');
const FileSteps = lazy(async () => ({ default: (await loadFileSteps()).FileSteps }));

const campaignResolver: Resolver<ImportCampaignStep> = async (values, context, options) =>
  (await loadCampaignResolver()).campaignStepResolver(values, context, options);

const EMPTY_CAMPAIGN: ImportCampaignStep = { campaignId: '', donationAccountId: '' };

export function ImportWizard() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  /** Whether the later steps were reached since the last reset: once there, they stay mounted. */
  const [filesReached, setFilesReached] = useState(false);
  const [loadingFiles, startLoadingFiles] = useTransition();
  const form = useForm<ImportCampaignStep>({ resolver: campaignResolver, defaultValues: EMPTY_CAMPAIGN });
  const [started, setStarted] = useState<ImportStarted | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const campaignId = form.watch('campaignId');

  useEffect(
    () => () => {
      if (resetTimer.current) clearTimeout(resetTimer.current);
    },
    [],
  );

  useEffect(() => {
    // A failed prefetch is not an error: the step loads again when it is reached.
    if (campaignId) Promise.all([loadCampaignResolver(), loadFileSteps()]).catch(() => undefined);
  }, [campaignId]);

  const reset = () => {
    form.reset(EMPTY_CAMPAIGN);
    setFilesReached(false);
    setStarted(null);
    setStep(0);
    void queryClient.invalidateQueries({ queryKey: importsKeys.campaigns });
  };

  const handleStarted = (next: ImportStarted) => {
    setStarted(next);
    resetTimer.current = setTimeout(reset, RESET_AFTER_MS);
  };

  // A transition: React keeps the campaign step on screen while the later steps' code loads.
  const toFiles = () =>
    startLoadingFiles(() => {
      setFilesReached(true);
      setStep(1);
    });

  /** Next waits for the campaign step's schema or the later steps' code (fetched when a campaign is picked, so rarely). */
  const busy = form.formState.isSubmitting || loadingFiles;

  if (started) {
    return (
      <div role="status" className={styles.started}>
        <h3>Import Started Successfully!</h3>
        <p>{started.message}</p>
        <p>
          Import ID: <code>{started.importId}</code>
        </p>
        <p>Records to process: {started.recordsToProcess.toLocaleString('en-US')}</p>
        {started.skippedInReview > 0 ? (
          <p>{rowsText(started.skippedInReview)} with validation errors skipped in review: kept with the import, to fix from Import History.</p>
        ) : null}
        {started.leftOut > 0 ? <p>{rowsText(started.leftOut)} left out by you (not sent).</p> : null}
      </div>
    );
  }

  return (
    <div className={styles.wizard}>
      <ol className={styles.steps} aria-label="Import steps">
        {STEPS.map((label, index) => (
          <li
            key={label}
            className={index === step ? styles.stepCurrent : index < step ? styles.stepDone : styles.step}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className={styles.stepNumber}>{index + 1}</span>
            <span className={styles.stepLabel}>{label}</span>
          </li>
        ))}
      </ol>
      <h2 className={styles.stepTitle}>{STEPS[step]}</h2>
      <Form form={form} onSubmit={toFiles}>
        {step === 0 ? <CampaignStep form={form} /> : null}
      </Form>
      {/* Mounted from the start, so that loading the later steps in a transition never shows its fallback. */}
      <Suspense fallback={<Spinner label={`Loading ${STEPS[step]}`} />}>
        {filesReached ? <FileSteps step={step} onStep={setStep} campaign={() => form.getValues()} onStarted={handleStarted} /> : null}
      </Suspense>
      {step === 0 ? (
        <div className={styles.actions}>
          <span role="status" className={styles.srOnly}>
            {busy ? `Loading ${STEPS[1]}` : ''}
          </span>
          <Button onClick={() => void form.handleSubmit(toFiles)()} disabled={!campaignId} loading={busy}>
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}
