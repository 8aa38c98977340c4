import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { api, clearSession } from '@caucus/platform';
import { emailChangeUndoFormSchema, MISSING_EMAIL_CHANGE_TOKEN, type EmailChangeResult } from '@caucus/contract';
import { AuthLayout } from './AuthLayout';
import { passwordFlowError } from './ForgotPasswordPage';
import { BackToLogin, FormError } from './AuthFormParts';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

export const CONFIRM_EMAIL_TITLE = 'Confirm your new email';
export const UNDO_EMAIL_TITLE = 'Undo the email change';

function useLinkToken(): string {
  const [params] = useSearchParams();
  return params.get('token')?.trim() ?? '';
}

function MissingToken({ title }: { title: string }) {
  return (
    <AuthLayout title={title}>
      <FormError message={MISSING_EMAIL_CHANGE_TOKEN} />
      <BackToLogin />
    </AuthLayout>
  );
}

function Done({ title, heading, text }: { title: string; heading: string; text: string }) {
  return (
    <AuthLayout title={title}>
      <div className={styles.success} role="status">
        <span className={styles.successIcon} aria-hidden="true">
          ✓
        </span>
        <h2 className={styles.successTitle}>{heading}</h2>
        <p className={styles.successText}>{text}</p>
      </div>
      <p className={styles.footer}>
        <Link to="/login" className={styles.link}>
          Go to login
        </Link>
      </p>
    </AuthLayout>
  );
}

/**
 * The link sent to the new address. It asks for a click rather than confirming on load: mail
 * scanners that open links must not make the change for the user.
 */
export function ConfirmEmailPage() {
  const token = useLinkToken();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<EmailChangeResult | null>(null);

  if (!token) return <MissingToken title={CONFIRM_EMAIL_TITLE} />;
  if (result) return <Done title={CONFIRM_EMAIL_TITLE} heading={result.message} text={`You now sign in to Caucus with ${result.email}.`} />;

  const handleConfirm = async () => {
    setSubmitting(true);
    setError('');
    try {
      setResult(await api.post<EmailChangeResult>('/auth/email-change/confirm', { token }, { skipAuthRedirect: true }));
    } catch (failure) {
      setError(passwordFlowError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={CONFIRM_EMAIL_TITLE} subtitle="Make this address the sign-in email of your Caucus account.">
      <div className={styles.form}>
        <Button type="button" fullWidth size="lg" loading={submitting} disabled={submitting} onClick={() => void handleConfirm()}>
          Confirm new email
        </Button>
        <FormError message={error} />
        <BackToLogin />
      </div>
    </AuthLayout>
  );
}

// The API's password rule plus the one rule only a form has: typing it twice the same.
const undoFormSchema = emailChangeUndoFormSchema.extend({ confirmPassword: z.string() }).refine((values) => values.password === values.confirmPassword, {
  error: 'Passwords do not match.',
  path: ['confirmPassword'],
});

type UndoForm = z.input<typeof undoFormSchema>;

/** The link sent to the old address: keep it, and lock out whoever changed it. */
export function UndoEmailChangePage() {
  const token = useLinkToken();
  const form = useForm<UndoForm>({
    resolver: zodResolver(undoFormSchema, undefined, { mode: 'sync' }),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const [serverError, setServerError] = useState('');
  const [result, setResult] = useState<EmailChangeResult | null>(null);
  const { errors } = form.formState;
  const formError = errors.password?.message ?? errors.confirmPassword?.message ?? serverError;

  if (!token) return <MissingToken title={UNDO_EMAIL_TITLE} />;
  if (result) return <Done title={UNDO_EMAIL_TITLE} heading={`Your sign-in email is ${result.email} again`} text={result.message} />;

  const handleSubmit = async ({ password }: UndoForm) => {
    setServerError('');
    try {
      const undone = await api.post<EmailChangeResult>('/auth/email-change/undo', { token, password }, { skipAuthRedirect: true });
      // Every session was ended on the server, this browser's too.
      clearSession();
      setResult(undone);
    } catch (failure) {
      setServerError(passwordFlowError(failure));
    }
  };

  return (
    <AuthLayout
      title={UNDO_EMAIL_TITLE}
      subtitle="Whoever changed your email knew your password. Choose a new one: your old email comes back, every session is signed out and two-factor sign-in is turned off until you set it up again."
    >
      <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Undo the email change">
        <FormTextField<UndoForm> name="password" label="New password" type="password" autoComplete="new-password" />
        <FormTextField<UndoForm> name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
        <Button type="submit" fullWidth size="lg" loading={form.formState.isSubmitting} disabled={form.formState.isSubmitting}>
          Undo the change and sign everyone out
        </Button>
        <FormError message={formError} />
      </Form>
    </AuthLayout>
  );
}
