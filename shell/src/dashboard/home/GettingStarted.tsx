import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ProgressBar, buttonClassName } from '@caucus/design-system';
import type { GettingStarted as GettingStartedData, GettingStartedStep } from '@caucus/contract';
import styles from './GettingStarted.module.css';

export const GETTING_STARTED_TITLE = 'Get started with Caucus';

/** What each step asks and where it is done. */
export const STEP_DETAILS: Record<GettingStartedStep, { label: string; hint: string; action: string; to: string }> = {
  createCampaign: {
    label: 'Create a campaign',
    hint: 'Set a goal so donations and events have somewhere to count.',
    action: 'Create campaign',
    to: '/dashboard/campaigns/new',
  },
  importDonorFile: {
    label: 'Import your donor file',
    hint: 'Bring in contacts, donations and pledges from a CSV or Excel file.',
    action: 'Import file',
    to: '/dashboard/data',
  },
  addContact: {
    label: 'Add a contact',
    hint: 'Record a donor or supporter by hand.',
    action: 'Add contact',
    to: '/dashboard/contacts/new',
  },
  buildList: {
    label: 'Build a list',
    hint: 'Group contacts by hand or with rules that keep themselves up to date.',
    action: 'Build list',
    to: '/dashboard/lists/new',
  },
  twoFactor: {
    label: 'Set up two-factor sign-in',
    hint: 'Ask for a code from your phone as well as your password.',
    action: 'Open security settings',
    to: '/dashboard/settings/security',
  },
};

export type GettingStartedProps = { data: GettingStartedData };

/** The getting-started checklist of a new account's home: each step as the API reports it, never assumed. */
export function GettingStarted({ data }: GettingStartedProps) {
  const headingId = useId();
  const done = data.steps.filter((step) => step.done).length;
  const total = data.steps.length;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {GETTING_STARTED_TITLE}
        </h2>
        <p className={styles.count}>
          {done.toLocaleString('en-US')} of {total.toLocaleString('en-US')} done
        </p>
      </div>
      <ProgressBar value={done} max={total} label="Getting started progress" showPercent={false} size="sm" />
      <ol className={styles.steps}>
        {data.steps.map((step) => {
          const details = STEP_DETAILS[step.id];
          return (
            <li key={step.id} className={step.done ? `${styles.step} ${styles.done}` : styles.step}>
              <span className={styles.mark} aria-hidden="true">
                {step.done ? '✓' : ''}
              </span>
              <div className={styles.text}>
                <p className={styles.label}>
                  {details.label}
                  <span className={styles.srOnly}>{step.done ? ' (done)' : ' (not done yet)'}</span>
                </p>
                {step.done ? null : <p className={styles.hint}>{details.hint}</p>}
              </div>
              {step.done ? (
                <span className={styles.doneText} aria-hidden="true">
                  Done
                </span>
              ) : (
                <Link to={details.to} className={buttonClassName({ variant: 'secondary', size: 'sm' })} aria-label={`${details.action}: ${details.label}`}>
                  {details.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
