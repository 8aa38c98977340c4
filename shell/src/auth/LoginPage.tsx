import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Checkbox, TextField } from '@caucus/design-system';
import { analytics, api, sessionFromLogin, useSession, type LoginData } from '@caucus/design-system/session';
import { loginSchema } from '@caucus/api/contract';
import { AuthLayout } from './AuthLayout';
import { errorMessage } from './errors';
import styles from './AuthForm.module.css';

export const LOGIN_REDIRECT_DELAY_MS = 2000;

type FieldErrors = { email?: string; password?: string };

const HIGHLIGHTS = [
  { title: 'Donor & voter CRM', text: 'Every contact, pledge and donation in one place.' },
  { title: 'Campaign finance hub', text: 'Track goals and progress as money comes in.' },
  { title: 'Events & rallies', text: 'Plan events and see who is coming.' },
  { title: 'Smart lists & imports', text: 'Segment supporters and bring in data from any spreadsheet.' },
];

function validate(email: string, password: string): FieldErrors {
  const result = loginSchema.safeParse({ email, password });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function FeatureHighlights() {
  return (
    <>
      <h2 className={styles.asideTitle}>Run your whole campaign from one workspace</h2>
      <p className={styles.asideText}>Built for political campaigns, nonprofits and the people who organise them.</p>
      <ul className={styles.highlights}>
        {HIGHLIGHTS.map((item) => (
          <li key={item.title} className={styles.highlight}>
            <span className={styles.highlightMark} aria-hidden="true">
              ✓
            </span>
            <div>
              <p className={styles.highlightTitle}>{item.title}</p>
              <p className={styles.highlightText}>{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const { setSession } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
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

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validate(email, password);
    setFieldErrors(errors);
    setFormError('');
    if (errors.email || errors.password) return;

    setSubmitting(true);
    try {
      const data = await api.post<LoginData>(
        '/auth/login',
        { email: email.trim(), password, rememberMe },
        // A wrong password is a 401 that belongs under the form, not a sign-out.
        { skipAuthRedirect: true },
      );
      setSession(sessionFromLogin(data), { remember: rememberMe });
      analytics.track('login', { method: 'password', rememberMe });
      setSucceeded(true);
      redirectTimer.current = setTimeout(() => navigate('/dashboard', { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      setFormError(errorMessage(error, 'Login failed'));
      analytics.track('form_submit_error', { form: 'login' });
    } finally {
      setSubmitting(false);
    }
  };

  if (succeeded) {
    return (
      <AuthLayout title="Sign in to Caucus" aside={<FeatureHighlights />}>
        <div className={styles.success} role="status">
          <span className={styles.successIcon} aria-hidden="true">
            ✓
          </span>
          <h2 className={styles.successTitle}>Welcome Back!</h2>
          <p className={styles.successText}>Taking you to your dashboard...</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in to Caucus" subtitle="Welcome back. Enter your details to continue." aside={<FeatureHighlights />}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Sign in">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (fieldErrors.email) setFieldErrors((current) => ({ ...current, email: undefined }));
          }}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (fieldErrors.password) setFieldErrors((current) => ({ ...current, password: undefined }));
          }}
          error={fieldErrors.password}
        />
        <div className={styles.row}>
          <Checkbox label="Remember me" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
          <Link to="/forgot-password" className={styles.link}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" loading={submitting} disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <p className={styles.footer}>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className={styles.link}>
            Sign up
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
