import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, ErrorState, Spinner, Toggle } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { api, formatInstantDate, toWorkspacePreferences, toast, useMutation, useQueryClient } from '@caucus/platform';
import {
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorSetupInputSchema,
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorSetupInput,
  type TwoFactorStatus,
} from '@caucus/contract';
import { settingsKeys, useTwoFactorStatus, useWorkspace } from './settingsApi';
import { showSaveError } from './serverErrors';
import styles from './Settings.module.css';
import own from './TwoFactorSettings.module.css';

export const TWO_FACTOR_REQUIRED_NOTICE =
  'Your organization requires two-factor sign-in. Set it up below to use Caucus: until then the workspace stays closed.';
export const QR_CODE_ALT = 'QR code for adding Caucus to your authenticator app';
export const RECOVERY_CODES_FILE = 'caucus-recovery-codes.txt';

/** Shown once after turning it on: the codes leave this page only by the user's copy or download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Caucus recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Recovery codes were not copied', 'Select the codes and copy them by hand.');
    }
  };
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.form}>
      <p className={styles.itemTitle}>Save your recovery codes</p>
      <p className={styles.itemText}>If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now.</p>
      <ul className={own.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void handleCopy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={handleDownload}>
          Download codes
        </Button>
        <Button onClick={onDone}>I saved my recovery codes</Button>
      </div>
    </div>
  );
}

function Enrolment({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const form = useForm<TwoFactorCodeInput>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const handleSubmit = async ({ code }: TwoFactorCodeInput) => {
    try {
      const enabled = await api.post<TwoFactorEnabled>('/settings/two-factor/confirm', { code });
      toast.success('Two-factor sign-in is on');
      onEnabled(enabled.recoveryCodes);
    } catch (error) {
      showSaveError(form, error, 'Two-factor sign-in was not turned on');
    }
  };
  return (
    <div className={own.setup}>
      <img src={setup.qrCode} alt={QR_CODE_ALT} className={own.qrCode} />
      <Form form={form} onSubmit={handleSubmit} className={own.steps} aria-label="Set up two-factor sign-in">
        <p className={styles.itemText}>1. Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).</p>
        <p className={styles.itemText}>
          Can&apos;t scan it? Enter this key in the app instead:{' '}
          <code className={own.secret} aria-label="Setup key">
            {setup.secret}
          </code>
        </p>
        <p className={styles.itemText}>2. Enter the 6-digit code the app shows.</p>
        <FormTextField<TwoFactorCodeInput>
          name="code"
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Turn on two-factor sign-in
          </Button>
        </div>
      </Form>
    </div>
  );
}

/**
 * The password again before the QR code: a session alone cannot enrol an authenticator
 * (docs/adr/0010-a-stolen-session-is-not-an-account.md).
 */
function SetupPasswordForm({ onStarted, onCancel }: { onStarted: (setup: TwoFactorSetup) => void; onCancel: () => void }) {
  const form = useForm<TwoFactorSetupInput>({
    resolver: zodResolver(twoFactorSetupInputSchema),
    defaultValues: { currentPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const handleSubmit = async (values: TwoFactorSetupInput) => {
    try {
      onStarted(await api.post<TwoFactorSetup>('/settings/two-factor/setup', values));
    } catch (error) {
      showSaveError(form, error, 'Two-factor setup could not start');
    }
  };
  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Confirm your password to set up two-factor sign-in">
      <p className={styles.itemText}>Confirm your password to continue.</p>
      <FormTextField<TwoFactorSetupInput> name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Continue
        </Button>
      </div>
    </Form>
  );
}

const EMPTY_DISABLE: TwoFactorDisableInput = { password: '', code: '' };

function DisableForm() {
  const queryClient = useQueryClient();
  const form = useForm<TwoFactorDisableInput>({
    resolver: zodResolver(twoFactorDisableSchema),
    defaultValues: EMPTY_DISABLE,
    reValidateMode: 'onSubmit',
  });
  const handleSubmit = async (values: TwoFactorDisableInput) => {
    try {
      const result = await api.post<{ message: string }>('/settings/two-factor/disable', values);
      form.reset(EMPTY_DISABLE);
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor });
    } catch (error) {
      showSaveError(form, error, 'Two-factor sign-in was not turned off');
    }
  };
  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Turn off two-factor sign-in">
      <p className={styles.itemText}>To turn it off, confirm your password and a code from your authenticator app (or a recovery code).</p>
      <div className={styles.grid}>
        <FormTextField<TwoFactorDisableInput> name="password" label="Password" type="password" autoComplete="current-password" />
        <FormTextField<TwoFactorDisableInput> name="code" label="Authentication or recovery code" autoComplete="one-time-code" />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="danger" loading={form.formState.isSubmitting}>
          Turn off two-factor sign-in
        </Button>
      </div>
    </Form>
  );
}

function RequirementToggle({ status }: { status: TwoFactorStatus }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (required: boolean) => api.put<TwoFactorStatus & { message: string }>('/settings/two-factor/requirement', { required }),
    onSuccess: (result) => {
      const { message, ...next } = result;
      queryClient.setQueryData(settingsKeys.twoFactor, next);
      toast.success(message);
    },
    onError: (error) => toast.error('The requirement was not changed', error.message),
  });
  return (
    <Toggle
      label="Require two-factor sign-in for everyone in this account"
      description={
        status.enabled || status.accountRequiresTwoFactor
          ? 'Users without it are asked to set it up after signing in, and cannot make changes until they do.'
          : 'Turn on two-factor sign-in for yourself first.'
      }
      checked={status.accountRequiresTwoFactor}
      disabled={change.isPending || (!status.enabled && !status.accountRequiresTwoFactor)}
      onChange={(required) => change.mutate(required)}
    />
  );
}

/** Settings > Security > Two-Factor Authentication. */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  const workspaceDates = toWorkspacePreferences(useWorkspace().data);
  const [askingPassword, setAskingPassword] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor });

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (!status.data) {
    body = status.isError ? (
      <ErrorState title="Two-factor sign-in could not be loaded" error={status.error} onRetry={() => void status.refetch()} />
    ) : (
      <Spinner label="Loading two-factor sign-in" />
    );
  } else if (status.data.enabled) {
    const { enabledAt, recoveryCodesRemaining } = status.data;
    body = (
      <>
        <p className={styles.itemTitle}>
          <Badge tone="success" size="sm">
            On
          </Badge>{' '}
          Signing in asks for a code from your authenticator app{enabledAt ? ` (on since ${formatInstantDate(enabledAt, workspaceDates)})` : ''}.
        </p>
        <p className={styles.itemText}>{recoveryCodesRemaining} of 10 recovery codes left.</p>
        <DisableForm />
      </>
    );
  } else if (setup) {
    body = (
      <Enrolment
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          void refresh();
        }}
      />
    );
  } else {
    body = (
      <>
        <p className={styles.itemText}>Add a second step to signing in: after your password, a 6-digit code from an authenticator app on your phone.</p>
        {askingPassword ? (
          <SetupPasswordForm
            onCancel={() => setAskingPassword(false)}
            onStarted={(started) => {
              setAskingPassword(false);
              setSetup(started);
            }}
          />
        ) : (
          <div className={styles.actions}>
            <Button onClick={() => setAskingPassword(true)}>Set up two-factor sign-in</Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className={styles.group} aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className={styles.groupTitle}>
        Two-Factor Authentication
      </h2>
      {body}
      {status.data?.canManageRequirement && !recoveryCodes ? <RequirementToggle status={status.data} /> : null}
    </section>
  );
}

/** The notice above the Security page when the organization requires two-factor sign-in of this user. */
export function TwoFactorRequiredNotice() {
  const status = useTwoFactorStatus();
  if (!status.data?.enrollmentRequired) return null;
  return (
    <p className={own.notice} role="alert">
      {TWO_FACTOR_REQUIRED_NOTICE}
    </p>
  );
}
