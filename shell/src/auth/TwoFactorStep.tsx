import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { api, type LoginData } from '@caucus/platform';
import { recoveryCodeSchema, twoFactorCodeSchema, type RecoveryCodeInput, type TwoFactorCodeInput } from '@caucus/contract';
import { errorMessage } from './errors';
import { FormError } from './AuthFormParts';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

export const CODE_PROMPT = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_PROMPT = 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.';

export type TwoFactorLoginData = LoginData & { twoFactorEnrollmentRequired?: true };

type TwoFactorStepProps = {
  challengeToken: string;
  /** The session answered by the code step. */
  onSignedIn: (data: TwoFactorLoginData) => void;
  /** Back to email and password (the challenge expires on its own). */
  onCancel: () => void;
};

function AuthenticatorCodeForm({ challengeToken, onSignedIn }: Pick<TwoFactorStepProps, 'challengeToken' | 'onSignedIn'>) {
  const form = useForm<TwoFactorCodeInput>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const [formError, setFormError] = useState('');

  const handleSubmit = async ({ code }: TwoFactorCodeInput) => {
    setFormError('');
    try {
      onSignedIn(await api.post<TwoFactorLoginData>('/auth/login/two-factor', { challengeToken, code }, { skipAuthRedirect: true }));
    } catch (error) {
      form.setValue('code', '');
      setFormError(errorMessage(error, 'Verification failed'));
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Two-factor sign-in">
      <p className={styles.footer}>{CODE_PROMPT}</p>
      <FormTextField<TwoFactorCodeInput>
        name="code"
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        // The step the user just reached asks for this one code: focus is where they will type.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
      <Button type="submit" fullWidth size="lg" loading={submitting} disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <FormError message={formError} />
    </Form>
  );
}

function RecoveryCodeForm({ challengeToken, onSignedIn }: Pick<TwoFactorStepProps, 'challengeToken' | 'onSignedIn'>) {
  const form = useForm<RecoveryCodeInput>({
    resolver: zodResolver(recoveryCodeSchema),
    defaultValues: { recoveryCode: '' },
    reValidateMode: 'onSubmit',
  });
  const [formError, setFormError] = useState('');

  const handleSubmit = async ({ recoveryCode }: RecoveryCodeInput) => {
    setFormError('');
    try {
      onSignedIn(await api.post<TwoFactorLoginData>('/auth/login/two-factor', { challengeToken, recoveryCode }, { skipAuthRedirect: true }));
    } catch (error) {
      setFormError(errorMessage(error, 'Verification failed'));
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Sign in with a recovery code">
      <p className={styles.footer}>{RECOVERY_PROMPT}</p>
      {/* The recovery form the user just opened asks for one code. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <FormTextField<RecoveryCodeInput> name="recoveryCode" label="Recovery code" autoComplete="off" spellCheck={false} autoFocus />
      <Button type="submit" fullWidth size="lg" loading={submitting} disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <FormError message={formError} />
    </Form>
  );
}

/** The sign-in's second step for a user with two-factor sign-in on: a code, or a recovery code instead. */
export function TwoFactorStep({ challengeToken, onSignedIn, onCancel }: TwoFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <div className={styles.form}>
      {useRecovery ? (
        <RecoveryCodeForm challengeToken={challengeToken} onSignedIn={onSignedIn} />
      ) : (
        <AuthenticatorCodeForm challengeToken={challengeToken} onSignedIn={onSignedIn} />
      )}
      <div className={styles.row}>
        <Button variant="ghost" size="sm" onClick={() => setUseRecovery((current) => !current)}>
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}
