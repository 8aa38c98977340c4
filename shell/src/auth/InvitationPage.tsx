import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { api, ApiError, sessionFromLogin, useSession, type LoginData } from '@caucus/platform';
import { acceptInvitationSchema, INVITATION_INVALID, INVITATION_PASSWORD_MIN_LENGTH } from '@caucus/contract';
import { AuthLayout } from './AuthLayout';
import { BackToLogin, FormError } from './AuthFormParts';
import styles from '@caucus/design-system/auth/AuthForm.module.css';

export const INVITATION_TITLE = 'Join your team on Caucus';
const PASSWORD_TOO_SHORT = `Password must be at least ${INVITATION_PASSWORD_MIN_LENGTH} characters long.`;

// The contract's fields, with what each way of joining needs: a new login names itself and picks a
// password; an existing login only proves itself with its password.
const fields = acceptInvitationSchema.omit({ token: true });
const newLoginSchema = fields.extend({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'),
  password: z.string().min(INVITATION_PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(1024, 'Password is too long'),
});
const existingLoginSchema = fields.pick({ password: true }).extend({ password: z.string().min(1, 'Password is required').max(1024, 'Password is too long') });

type JoinForm = { firstName: string; lastName: string; password: string };
type Accepted = LoginData & { signedIn: boolean; accountName: string };

function JoinFields({ existing }: { existing: boolean }) {
  return existing ? (
    <FormTextField<JoinForm> name="password" label="Your Caucus password" type="password" autoComplete="current-password" />
  ) : (
    <>
      <FormTextField<JoinForm> name="firstName" label="First name" autoComplete="given-name" />
      <FormTextField<JoinForm> name="lastName" label="Last name" autoComplete="family-name" />
      <FormTextField<JoinForm> name="password" label="Password" type="password" autoComplete="new-password" hint={PASSWORD_TOO_SHORT} />
    </>
  );
}

/** One way of joining; keyed by the choice, so each has its own form and rules. */
function JoinTeamForm({
  token,
  existing,
  onJoinedWithoutSession,
}: {
  token: string;
  existing: boolean;
  onJoinedWithoutSession: (accountName: string) => void;
}) {
  const navigate = useNavigate();
  const { setSession } = useSession();
  const [serverError, setServerError] = useState('');
  const form = useForm<JoinForm>({
    resolver: zodResolver((existing ? existingLoginSchema : newLoginSchema) as unknown as typeof newLoginSchema, undefined, { mode: 'sync' }),
    defaultValues: { firstName: '', lastName: '', password: '' },
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = async (values: JoinForm) => {
    setServerError('');
    try {
      const body = existing ? { token, password: values.password } : { token, ...values };
      const accepted = await api.post<Accepted>('/team/invitations/accept', body, { skipAuthRedirect: true });
      if (!accepted.signedIn) {
        onJoinedWithoutSession(accepted.accountName);
        return;
      }
      setSession(sessionFromLogin(accepted), { remember: false });
      void navigate('/dashboard', { replace: true });
    } catch (failure) {
      const details = failure instanceof ApiError && failure.details && typeof failure.details === 'object' ? (failure.details as Record<string, string>) : {};
      if (details.password) form.setError('password', { type: 'server', message: details.password });
      setServerError(failure instanceof Error ? failure.message : INVITATION_INVALID);
    }
  };

  const { errors } = form.formState;
  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Accept the invitation">
      <JoinFields existing={existing} />
      <Button type="submit" fullWidth size="lg" loading={form.formState.isSubmitting} disabled={form.formState.isSubmitting}>
        Join the team
      </Button>
      <FormError message={errors.password?.message ?? serverError} />
    </Form>
  );
}

/** The link of an invitation email: the invitee joins the account, signed in. */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [existing, setExisting] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthLayout title={INVITATION_TITLE}>
        <FormError message={INVITATION_INVALID} />
        <BackToLogin />
      </AuthLayout>
    );
  }
  if (joined) {
    return (
      <AuthLayout title={INVITATION_TITLE}>
        <div className={styles.success} role="status">
          <h2 className={styles.successTitle}>You joined {joined}</h2>
          <p className={styles.successText}>Your login uses two-factor sign-in: sign in to continue.</p>
        </div>
        <p className={styles.footer}>
          <Link to="/login" className={styles.link}>
            Go to login
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={INVITATION_TITLE} subtitle="You were invited to work in a Caucus account.">
      <fieldset className={styles.choice}>
        <legend className={styles.choiceLegend}>How do you join?</legend>
        <label>
          <input type="radio" name="join" checked={!existing} onChange={() => setExisting(false)} /> I am new to Caucus
        </label>
        <label>
          <input type="radio" name="join" checked={existing} onChange={() => setExisting(true)} /> I already have a Caucus login with this email
        </label>
      </fieldset>
      <JoinTeamForm key={existing ? 'existing' : 'new'} token={token} existing={existing} onJoinedWithoutSession={setJoined} />
    </AuthLayout>
  );
}
