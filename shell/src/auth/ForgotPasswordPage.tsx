import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, TextField } from '@caucus/design-system';
import { api, ApiError } from '@caucus/design-system/session';
import { AuthLayout } from './AuthLayout';
import { errorMessage } from './errors';
import styles from './AuthForm.module.css';

export const PASSWORD_FLOW_ERROR = 'An error occurred. Please try again.';
export const PASSWORD_FLOW_NETWORK_ERROR = 'Network error. Please check your connection and try again.';

/** Forgot and reset share their texts (SPEC error catalogue), which differ from the login form's. */
export function passwordFlowError(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return PASSWORD_FLOW_NETWORK_ERROR;
  return errorMessage(error, PASSWORD_FLOW_ERROR);
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState('');
  const blank = email.trim() === '';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || submitting) return;
    setSubmitting(true);
    setFormError('');
    try {
      await api.post('/auth/forgot-password', { email: email.trim() }, { skipAuthRedirect: true });
      setSentTo(email.trim());
    } catch (error) {
      setFormError(passwordFlowError(error));
    } finally {
      setSubmitting(false);
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
            If an account with that email exists, we&apos;ve sent a password reset link to the address{' '}
            <strong>{sentTo}</strong>.
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
      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Forgot password">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" fullWidth size="lg" disabled={blank || submitting} loading={submitting}>
          Send reset link
        </Button>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <p className={styles.footer}>
          <Link to="/login" className={styles.link}>
            Back to login
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
