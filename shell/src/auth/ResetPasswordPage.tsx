import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, TextField } from '@caucus/design-system';
import { api } from '@caucus/design-system/session';
import { AuthLayout } from './AuthLayout';
import { passwordFlowError } from './ForgotPasswordPage';
import styles from './AuthForm.module.css';

export const RESET_REDIRECT_DELAY_MS = 3000;
export const INVALID_RESET_LINK = 'Invalid reset link. Please request a new password reset.';

function validate(password: string, confirm: string): string {
  if (password.length < 8) return 'Password must be at least 8 characters long.';
  if (password !== confirm) return 'Passwords do not match.';
  return '';
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
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
        <p className={styles.formError} role="alert">
          {INVALID_RESET_LINK}
        </p>
        <p className={styles.footer}>
          <Link to="/forgot-password" className={styles.link}>
            Request a new reset link
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validate(password, confirm);
    setFormError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await api.post('/auth/reset-password', { token, password }, { skipAuthRedirect: true });
      setSucceeded(true);
      redirectTimer.current = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    } catch (error) {
      setFormError(passwordFlowError(error));
    } finally {
      setSubmitting(false);
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
      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Reset password">
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <Button type="submit" fullWidth size="lg" loading={submitting} disabled={submitting}>
          Update password
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
