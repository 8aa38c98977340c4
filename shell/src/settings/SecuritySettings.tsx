import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Badge, Button, Toggle } from '@caucus/design-system';
import { Form, FormCheckbox, FormTextField } from '@caucus/design-system/form';
import { toast } from '@caucus/design-system/session';
import { passwordChangeSchema } from '@caucus/api/contract';
import { FormSection, SettingsPage } from './SettingsPage';
import styles from './Settings.module.css';

export const PASSWORD_UPDATED = 'Password updated successfully';
export const SECURITY_SAVED = 'Security settings saved';

type ActiveSession = { id: string; device: string; location: string; lastActive: string; current: boolean };

// Sample sessions: the spec shows this list with fixed entries; no server call backs it.
const SAMPLE_SESSIONS: ActiveSession[] = [
  { id: 's-1', device: 'Chrome on macOS', location: 'Washington, DC', lastActive: 'Active now', current: true },
  { id: 's-2', device: 'Safari on iPhone', location: 'Arlington, VA', lastActive: '2 hours ago', current: false },
  { id: 's-3', device: 'Firefox on Windows', location: 'Richmond, VA', lastActive: '3 days ago', current: false },
];

const LOGIN_ALERTS = [
  { id: 'newDevice', label: 'Alert me when someone signs in from a new device' },
  { id: 'failedAttempts', label: 'Alert me after repeated failed sign-in attempts' },
  { id: 'passwordChanged', label: 'Alert me when my password changes' },
] as const;

type LoginAlerts = Record<(typeof LOGIN_ALERTS)[number]['id'], boolean>;

// The contract's password rules plus the one rule only a form has: typing the new one twice the same.
const passwordFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: 'New passwords do not match',
    path: ['confirmPassword'],
  });

type PasswordForm = z.input<typeof passwordFormSchema>;

const EMPTY_PASSWORDS: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecuritySettings() {
  const passwordForm = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema, undefined, { raw: true }),
    defaultValues: EMPTY_PASSWORDS,
    reValidateMode: 'onSubmit',
  });
  const [twoFactor, setTwoFactor] = useState(false);
  const [sessions, setSessions] = useState(SAMPLE_SESSIONS);
  // No resolver: on/off choices have no rule to break. No API stores them yet (simulated, SPEC point 2).
  const alertsForm = useForm<LoginAlerts>({ defaultValues: { newDevice: true, failedAttempts: true, passwordChanged: true } });

  // Saving is simulated (SPEC point 2): the fields clear and a toast confirms.
  const handlePasswordSubmit = () => {
    passwordForm.reset(EMPTY_PASSWORDS);
    toast.success(PASSWORD_UPDATED);
  };

  const handleTwoFactor = (enabled: boolean) => {
    setTwoFactor(enabled);
    toast.success(enabled ? 'Two-factor authentication enabled' : 'Two-factor authentication disabled');
  };

  const handleEndSession = (session: ActiveSession) => {
    setSessions((current) => current.filter((item) => item.id !== session.id));
    toast.success('Session signed out', `${session.device} in ${session.location} was signed out.`);
  };

  const handleAlertsSubmit = () => {
    toast.success(SECURITY_SAVED, 'Your login alert preferences have been updated.');
  };

  return (
    <SettingsPage title="Security Settings" subtitle="Password, two-factor authentication, sessions and login alerts.">
      <Form form={passwordForm} onSubmit={handlePasswordSubmit} className={styles.form} aria-label="Change password">
        <FormSection title="Change Password">
          <div className={styles.grid}>
            <FormTextField<PasswordForm>
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              name="currentPassword"
            />
            <FormTextField<PasswordForm>
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              name="newPassword"
            />
            <FormTextField<PasswordForm>
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              name="confirmPassword"
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit">Update Password</Button>
          </div>
        </FormSection>
      </Form>

      <section className={styles.group} aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading" className={styles.groupTitle}>
          Two-Factor Authentication
        </h2>
        <Toggle
          label="Two-factor authentication"
          description="Ask for a code from your authenticator app when you sign in."
          checked={twoFactor}
          onChange={handleTwoFactor}
        />
      </section>

      <section className={styles.group} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className={styles.groupTitle}>
          Active Sessions
        </h2>
        <ul className={styles.list} aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.id} className={styles.listItem}>
              <div>
                <p className={styles.itemTitle}>
                  {session.device} {session.current ? <Badge tone="success" size="sm">Current session</Badge> : null}
                </p>
                <p className={styles.itemText}>
                  {session.location} · {session.lastActive}
                </p>
              </div>
              {session.current ? null : (
                <Button variant="secondary" size="sm" onClick={() => handleEndSession(session)}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>

      <Form form={alertsForm} onSubmit={handleAlertsSubmit} className={styles.form} aria-label="Login alerts">
        <FormSection title="Login Alerts">
          {LOGIN_ALERTS.map((alert) => (
            <FormCheckbox<LoginAlerts> key={alert.id} name={alert.id} label={alert.label} />
          ))}
          <div className={styles.actions}>
            <Button type="submit">Save Security Settings</Button>
          </div>
        </FormSection>
      </Form>
    </SettingsPage>
  );
}
