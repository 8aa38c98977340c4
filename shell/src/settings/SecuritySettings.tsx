import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Badge, Button, ErrorState, Spinner } from '@caucus/design-system';
import { Form, FormCheckbox, FormTextField } from '@caucus/design-system/form';
import { api, formatDateTime, toWorkspacePreferences, toast, useMutation, useQueryClient } from '@caucus/platform';
import { passwordChangeSchema, type ActiveSession, type NotificationPreferences, type SessionsSignedOut } from '@caucus/contract';
import { FormSection, SettingsPage } from './SettingsPage';
import { settingsKeys, useActiveSessions, useNotificationPreferences, useWorkspace } from './settingsApi';
import { showSaveError } from './serverErrors';
import { TwoFactorRequiredNotice, TwoFactorSettings } from './TwoFactorSettings';
import styles from './Settings.module.css';

export const SECURITY_SAVED = 'Security settings saved';
export const PASSWORD_NOT_CHANGED = 'Password was not changed';
export const SESSION_SIGNED_OUT = 'Session signed out';

export const LOGIN_ALERTS = [
  { id: 'loginAlertNewBrowser', label: 'Email me when someone signs in from a new browser' },
  { id: 'loginAlertPasswordChanged', label: 'Email me when my password changes' },
] as const;

type LoginAlerts = Pick<NotificationPreferences, (typeof LOGIN_ALERTS)[number]['id']>;

// The contract's password rules plus the one rule only a form has: typing the new one twice the same.
const passwordFormSchema = passwordChangeSchema.extend({ confirmPassword: z.string() }).refine((values) => values.newPassword === values.confirmPassword, {
  error: 'New passwords do not match',
  path: ['confirmPassword'],
});

type PasswordForm = z.input<typeof passwordFormSchema>;

const EMPTY_PASSWORDS: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordSection() {
  const queryClient = useQueryClient();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema, undefined, { raw: true }),
    defaultValues: EMPTY_PASSWORDS,
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = async ({ currentPassword, newPassword }: PasswordForm) => {
    try {
      const result = await api.post<SessionsSignedOut>('/settings/password', { currentPassword, newPassword });
      form.reset(EMPTY_PASSWORDS);
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    } catch (error) {
      showSaveError(form, error, PASSWORD_NOT_CHANGED);
    }
  };

  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Change password">
      <FormSection title="Change Password">
        <div className={styles.grid}>
          <FormTextField<PasswordForm> label="Current password" type="password" autoComplete="current-password" required name="currentPassword" />
          <FormTextField<PasswordForm> label="New password" type="password" autoComplete="new-password" required name="newPassword" />
          <FormTextField<PasswordForm> label="Confirm new password" type="password" autoComplete="new-password" required name="confirmPassword" />
        </div>
        <p className={styles.itemText}>Changing your password signs you out on every other browser and device.</p>
        <div className={styles.actions}>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Update Password
          </Button>
        </div>
      </FormSection>
    </Form>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useActiveSessions();
  const workspaceDates = toWorkspacePreferences(useWorkspace().data);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });

  const signOutOne = useMutation({
    mutationFn: (session: ActiveSession) => api.delete<{ signedOut: true }>(`/settings/sessions/${encodeURIComponent(session.id)}`),
    onSuccess: (_result, session) => toast.success(SESSION_SIGNED_OUT, `${session.browser} on ${session.os} was signed out.`),
    onError: (error) => toast.error('Session was not signed out', error.message),
    onSettled: refresh,
  });
  const signOutOthers = useMutation({
    mutationFn: () => api.post<SessionsSignedOut>('/settings/sessions/sign-out-others'),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error('Other sessions were not signed out', error.message),
    onSettled: refresh,
  });

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <section className={styles.group} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className={styles.groupTitle}>
        Active Sessions
      </h2>
      {sessions.data ? (
        <>
          <ul className={styles.list} aria-label="Active sessions">
            {sessions.data.map((session) => (
              <li key={session.id} className={styles.listItem}>
                <div>
                  <p className={styles.itemTitle}>
                    {session.browser} on {session.os}{' '}
                    {session.current ? (
                      <Badge tone="success" size="sm">
                        Current session
                      </Badge>
                    ) : null}
                  </p>
                  <p className={styles.itemText}>
                    {session.ip ? `IP ${session.ip} · ` : ''}Last active {formatDateTime(session.lastActiveAt, workspaceDates) || 'unknown'}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => signOutOne.mutate(session)}
                    loading={signOutOne.isPending && signOutOne.variables?.id === session.id}
                    aria-label={`Sign out ${session.browser} on ${session.os}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => signOutOthers.mutate()} disabled={others.length === 0} loading={signOutOthers.isPending}>
              Sign out everywhere else
            </Button>
          </div>
        </>
      ) : sessions.isError ? (
        <ErrorState title="Sessions could not be loaded" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Spinner label="Loading sessions" />
      )}
    </section>
  );
}

function LoginAlertsForm({ preferences }: { preferences: LoginAlerts }) {
  const queryClient = useQueryClient();
  // No resolver: on/off choices have no rule to break.
  const form = useForm<LoginAlerts>({ defaultValues: preferences });

  const handleSubmit = async (values: LoginAlerts) => {
    try {
      const saved = await api.put<NotificationPreferences>('/settings/notifications', values);
      queryClient.setQueryData(settingsKeys.notifications, saved);
      form.reset({ loginAlertNewBrowser: saved.loginAlertNewBrowser, loginAlertPasswordChanged: saved.loginAlertPasswordChanged });
      toast.success(SECURITY_SAVED, 'Your login alert preferences have been updated.');
    } catch (error) {
      showSaveError(null, error, 'Login alerts were not saved');
    }
  };

  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Login alerts">
      <FormSection title="Login Alerts">
        {LOGIN_ALERTS.map((alert) => (
          <FormCheckbox<LoginAlerts> key={alert.id} name={alert.id} label={alert.label} />
        ))}
        <div className={styles.actions}>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save Security Settings
          </Button>
        </div>
      </FormSection>
    </Form>
  );
}

export function SecuritySettings() {
  const preferences = useNotificationPreferences();
  return (
    <SettingsPage title="Security Settings" subtitle="Password, two-factor authentication, sessions and login alerts.">
      <TwoFactorRequiredNotice />

      <PasswordSection />

      <TwoFactorSettings />

      <SessionsSection />

      {preferences.data ? (
        <LoginAlertsForm
          preferences={{
            loginAlertNewBrowser: preferences.data.loginAlertNewBrowser,
            loginAlertPasswordChanged: preferences.data.loginAlertPasswordChanged,
          }}
        />
      ) : preferences.isError ? (
        <ErrorState title="Login alerts could not be loaded" error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <Spinner label="Loading login alerts" />
      )}
    </SettingsPage>
  );
}
