import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@caucus/design-system';
import { Form, FormCheckbox, FormTextField } from '@caucus/design-system/form';
import { analytics, api, sessionFromLogin, useSession, type LoginData } from '@caucus/platform';
import { loginSchema, type LoginInput, type LoginValues, type TwoFactorChallenge } from '@caucus/contract';
import { AuthLayout } from './AuthLayout';
import { TWO_FACTOR_ENROLMENT_PATH } from '../app/RootLayout';
import { errorMessage } from './errors';
import { TwoFactorStep, type TwoFactorLoginData } from './TwoFactorStep';
import { FormError } from './AuthFormParts';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

export const LOGIN_REDIRECT_DELAY_MS = 2000;

const HIGHLIGHTS = [
  { title: 'Donor & voter CRM', text: 'Every contact, pledge and donation in one place.' },
  { title: 'Campaign finance hub', text: 'Track goals and progress as money comes in.' },
  { title: 'Events & rallies', text: 'Plan events and see who is coming.' },
  { title: 'Smart lists & imports', text: 'Segment supporters and bring in data from any spreadsheet.' },
];

function FeatureHighlights() {
  return (
    <>
      <h2 className={styles.asideTitle}>Run your whole campaign from one workspace</h2>
      <p className={styles.asideText}>Built for political campaigns, nonprofits and the people who organize them.</p>
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
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
    reValidateMode: 'onSubmit',
  });
  const submitting = form.formState.isSubmitting;
  const [formError, setFormError] = useState('');
  const [succeeded, setSucceeded] = useState(false);
  // Two-factor sign-in on: the password step answered a challenge, and the code step comes next.
  const [challenge, setChallenge] = useState<{ token: string; remember: boolean } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const handleSignedIn = (data: TwoFactorLoginData, remember: boolean, method: 'password' | 'two_factor') => {
    setSession(sessionFromLogin(data as LoginData), { remember });
    analytics.track('login', { method, rememberMe: remember });
    setSucceeded(true);
    // Required by the organization and not set up yet: straight to the enrolment, which says why.
    const target = data.twoFactorEnrollmentRequired ? TWO_FACTOR_ENROLMENT_PATH : '/dashboard';
    redirectTimer.current = setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  const handleSubmit = async (credentials: LoginValues) => {
    setFormError('');
    try {
      // A wrong password is a 401 that belongs under the form, not a sign-out.
      const data = await api.post<TwoFactorLoginData | TwoFactorChallenge>('/auth/login', credentials, { skipAuthRedirect: true });
      if ('twoFactorRequired' in data) {
        setChallenge({ token: data.challengeToken, remember: credentials.rememberMe });
        return;
      }
      handleSignedIn(data, credentials.rememberMe, 'password');
    } catch (error) {
      setFormError(errorMessage(error, 'Login failed'));
      analytics.track('form_submit_error', { form: 'login' });
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

  if (challenge) {
    return (
      <AuthLayout title="Two-factor sign-in" subtitle="One more step to keep your account safe." aside={<FeatureHighlights />}>
        <TwoFactorStep
          challengeToken={challenge.token}
          onSignedIn={(data) => handleSignedIn(data, challenge.remember, 'two_factor')}
          onCancel={() => {
            setChallenge(null);
            form.resetField('password');
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in to Caucus" subtitle="Welcome back. Enter your details to continue." aside={<FeatureHighlights />}>
      <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Sign in">
        <FormTextField<LoginInput> name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField<LoginInput> name="password" label="Password" type="password" autoComplete="current-password" />
        <div className={styles.row}>
          <FormCheckbox<LoginInput> name="rememberMe" label="Remember me" />
          <Link to="/forgot-password" className={styles.link}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" loading={submitting} disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
        <FormError message={formError} />
        <p className={styles.footer}>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className={styles.link}>
            Sign up
          </Link>
        </p>
      </Form>
    </AuthLayout>
  );
}
