import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { api } from '@caucus/platform';
import { MISSING_RESET_TOKEN, resetPasswordFormSchema } from '@caucus/contract';
import { AuthLayout } from './AuthLayout';
import { passwordFlowError } from './ForgotPasswordPage';
import { BackToLogin, FormError } from './AuthFormParts';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

export const RESET_REDIRECT_DELAY_MS = 3000;
export const INVALID_RESET_LINK = MISSING_RESET_TOKEN;

// The API's password rule plus the one rule only a form has: typing it twice the same.
const resetFormSchema = resetPasswordFormSchema.extend({ confirmPassword: z.string() }).refine((values) => values.password === values.confirmPassword, {
  error: 'Passwords do not match.',
  path: ['confirmPassword'],
});

type ResetForm = z.input<typeof resetFormSchema>;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema, undefined, { mode: 'sync' }),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const submitting = form.formState.isSubmitting;
  const { errors } = form.formState;
  const [serverError, setServerError] = useState('');
  // One message under the form, as before: the rule broken first, else what the server said.
  const formError = errors.password?.message ?? errors.confirmPassword?.message ?? serverError;
  const [succeeded, setSucceeded] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  if (!token) {
    return (
      <AuthLayout title="Reset password">
        <FormError message={INVALID_RESET_LINK} />
        <p className={styles.footer}>
          <Link to="/forgot-password" className={styles.link}>
            Request a new reset link
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const handleSubmit = async ({ password }: ResetForm) => {
    setServerError('');
    try {
      await api.post('/auth/reset-password', { token, password }, { skipAuthRedirect: true });
      setSucceeded(true);
      redirectTimer.current = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    } catch (error) {
      setServerError(passwordFlowError(error));
    }
  };

  if (succeeded) {
    return (
      <AuthLayout title="Reset password">
        <div className={styles.success} role="status">
          <span className={styles.successIcon} aria-hidden="true">
            ✓
          </span>
          <h2 className={styles.successTitle}>Password reset successful!</h2>
          <p className={styles.successText}>Taking you to the login page...</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset password" subtitle="Choose a new password for your account.">
      <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Reset password">
        <FormTextField<ResetForm> name="password" label="New password" type="password" autoComplete="new-password" />
        <FormTextField<ResetForm> name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
        <Button type="submit" fullWidth size="lg" loading={submitting} disabled={submitting}>
          Update password
        </Button>
        <FormError message={formError} />
        <BackToLogin />
      </Form>
    </AuthLayout>
  );
}
