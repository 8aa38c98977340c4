import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClassName, Spinner } from '@caucus/design-system';
import { analytics, getSession, sessionFromLogin, useSession } from '@caucus/platform';
import { SUPPORT_EMAIL } from '../../site/content/navigation';
import { verifyCheckoutSession } from '../api/signupApi';
import { INVALID_SESSION, VERIFY_FAILED, serverMessage } from '../utils/errors';
import { clearSignupDraft } from '../utils/signupDraft';
import styles from './SignupSuccessPage.module.css';

// The payment check shows for 2 s, then the dashboard opens 5 s after the welcome
// (docs/product/limits-and-defaults.md, Delays).
export const PROCESSING_DELAY_MS = 2000;
export const DASHBOARD_REDIRECT_DELAY_MS = 5000;

type Destination = '/dashboard' | '/login';
type State = { kind: 'processing' } | { kind: 'paid'; next: Destination } | { kind: 'failed'; message: string };

const CHECKLIST = ['Account created', 'Payment processed', 'Full access activated', 'Welcome email sent'];

const NEXT_STEPS = [
  { title: 'Import your contacts', text: 'Bring your donor file in from CSV, XLS or XLSX under Data.' },
  { title: 'Create your first campaign', text: 'Set a fundraising goal and suggested donation amounts.' },
  { title: 'Plan an event', text: 'Schedule a fundraiser, rally or meeting and track attendance.' },
];

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Standalone route: the return address of the card checkout (docs/product/screens.md, Standalone pages, "/signup/success"). */
export function SignupSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();
  const { setSession } = useSession();
  const [state, setState] = useState<State>({ kind: 'processing' });

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    // Verification runs during the 2 s "processing" screen; its result, good or bad, shows once both are done.
    const verification = verifyCheckoutSession(sessionId).then(
      (data) => ({ ok: true as const, data }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    void Promise.all([verification, wait(PROCESSING_DELAY_MS)]).then(([result]) => {
      if (cancelled) return;
      const data = result.ok ? result.data : undefined;
      const signedIn = data?.signedIn === true && Boolean(data.user);
      if (!result.ok || data?.status !== 'paid' || (!signedIn && data.signedIn !== false)) {
        const message = result.ok ? VERIFY_FAILED : serverMessage(result.error, VERIFY_FAILED, VERIFY_FAILED);
        analytics.track('form_submit_error', { form: 'checkout', message });
        setState({ kind: 'failed', message });
        return;
      }
      // Paid: the details kept for a canceled checkout are not needed any more.
      clearSignupDraft();
      if (data.signedIn) setSession(sessionFromLogin(data), { remember: false });
      analytics.track('form_submit_success', { form: 'checkout', planId: data.planId });
      // Paid but not signed in here: a repeat visit keeps the session it already stored; a browser that
      // never signed up (or whose signup cookie is spent) signs in with the password instead.
      setState({ kind: 'paid', next: data.signedIn || getSession() ? '/dashboard' : '/login' });
    });
    return () => {
      cancelled = true;
    };
  }, [sessionId, setSession]);

  const next = state.kind === 'paid' ? state.next : undefined;
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next), DASHBOARD_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  if (!sessionId) return <Failure message={INVALID_SESSION} />;
  if (state.kind === 'failed') return <Failure message={state.message} />;

  if (state.kind === 'processing' || !next) {
    return (
      <main className={styles.page}>
        <div className={styles.card} aria-busy="true">
          <Spinner size="lg" label={null} />
          <h1 className={styles.title}>Processing Your Payment...</h1>
          <p className={styles.text}>We are confirming your payment with our provider. This only takes a moment.</p>
        </div>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.badge} aria-hidden="true">
          ✓
        </div>
        <h1 className={styles.title}>Welcome to Caucus!</h1>
        <p className={styles.text}>Your subscription is active and your workspace is ready.</p>
        <ul className={styles.checklist} aria-label="Completed">
          {CHECKLIST.map((item) => (
            <li key={item}>
              <span className={styles.check} aria-hidden="true">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
        <section className={styles.next} aria-labelledby="next-steps-title">
          <h2 id="next-steps-title" className={styles.nextTitle}>
            Next steps
          </h2>
          <ol className={styles.nextList}>
            {NEXT_STEPS.map((step) => (
              <li key={step.title}>
                <strong>{step.title}</strong>
                <span>{step.text}</span>
              </li>
            ))}
          </ol>
        </section>
        <div className={styles.actions}>
          <Link to={next} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            {next === '/login' ? 'Sign In' : 'Go to Dashboard'}
          </Link>
          <Link to="/pricing" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            View Plans
          </Link>
        </div>
        <p className={styles.note} role="status">
          {next === '/login'
            ? 'Your account is active. Sign in with your email and password; taking you there in 5 seconds...'
            : 'Taking you to your dashboard in 5 seconds...'}
        </p>
      </div>
    </main>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={`${styles.badge} ${styles.badgeError}`} aria-hidden="true">
          !
        </div>
        <h1 className={styles.title}>Payment not confirmed</h1>
        <p role="alert" className={styles.error}>
          {message}
        </p>
        <div className={styles.actions}>
          <Link to="/signup" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Try Again
          </Link>
          <a
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Payment verification problem')}`}
            className={buttonClassName({ variant: 'secondary', size: 'lg' })}
          >
            Contact Support
          </a>
        </div>
      </div>
    </main>
  );
}
