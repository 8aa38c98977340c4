import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { api, ApiError } from '@caucus/platform';
import { forgotPasswordSchema, type ForgotPasswordInput, type ForgotPasswordValues } from '@caucus/contract';
import { AuthLayout } from './AuthLayout';
import { errorMessage } from './errors';
import { BackToLogin, FormError } from './AuthFormParts';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

export const PASSWORD_FLOW_ERROR = 'An error occurred. Please try again.';
export const PASSWORD_FLOW_NETWORK_ERROR = 'Network error. Please check your connection and try again.';

/** Forgot and reset share their texts, which differ from the login form's (docs/product/messages.md, Public site and auth). */
export function passwordFlowError(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return PASSWORD_FLOW_NETWORK_ERROR;
  return errorMessage(error, PASSWORD_FLOW_ERROR);
}

export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const submitting = form.formState.isSubmitting;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState('');
  // The button stays disabled while the email is blank (docs/product/screens.md, Standalone pages).
  const blank = form.watch('email').trim() === '';

  const handleSubmit = async ({ email }: ForgotPasswordValues) => {
    setFormError('');
    try {
      await api.post('/auth/forgot-password', { email }, { skipAuthRedirect: true });
      setSentTo(email);
    } catch (error) {
      setFormError(passwordFlowError(error));
    }
  };

  if (sentTo !== null) {
    return (
      <AuthLayout title="Forgot password">
        <div className={styles.success} role="status">
          <span className={styles.successIcon} aria-hidden="true">
            ✓
          </span>
          <h2 className={styles.successTitle}>Check your email</h2>
          <p className={styles.successText}>
            If an account with that email exists, we&apos;ve sent a password reset link to the address <strong>{sentTo}</strong>.
          </p>
          <Link to="/login" className={styles.link}>
            Back to login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot password" subtitle="Enter your email and we'll send you a link to reset your password.">
      <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Forgot password">
        <FormTextField<ForgotPasswordInput> name="email" label="Email" type="email" autoComplete="email" required />
        <Button type="submit" fullWidth size="lg" disabled={blank || submitting} loading={submitting}>
          Send reset link
        </Button>
        <FormError message={formError} />
        <BackToLogin />
      </Form>
    </AuthLayout>
  );
}
