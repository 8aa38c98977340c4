import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, ErrorState, Spinner } from '@caucus/design-system';
import { Form, FormSelect, FormTextField, FormToggle } from '@caucus/design-system/form';
import { api, getSession, setSession, toast, useQueryClient } from '@caucus/platform';
import { accountUpdateSchema, type AccountSettings as AccountValues, type AccountSettingsView, type NotificationPreferences } from '@caucus/contract';
import { FormSection, SettingsPage } from './SettingsPage';
import { settingsKeys, useAccountSettings, useNotificationPreferences, useTwoFactorStatus } from './settingsApi';
import { showSaveError } from './serverErrors';
import styles from './Settings.module.css';

export const TIMEZONE_OPTIONS = [
  { value: 'America/New_York', label: 'Eastern Time' },
  { value: 'America/Chicago', label: 'Central Time' },
  { value: 'America/Denver', label: 'Mountain Time' },
  { value: 'America/Los_Angeles', label: 'Pacific Time' },
];

export const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
];

export const DATE_FORMAT_OPTIONS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'].map((format) => ({
  value: format,
  label: format,
}));

export const ACCOUNT_SAVED = 'Account settings saved';
export const ACCOUNT_SAVE_FAILED = 'Account settings were not saved';
export const EMAIL_CHANGE_STARTED = 'Confirm your new email';

/** The line under the email field while a new address waits for its confirmation. */
export function pendingEmailText(pendingEmail: string, email: string): string {
  return `Check ${pendingEmail} to confirm the change. Until then you sign in with ${email}.`;
}

// The contract's rules for the profile and preferences (and, when the email changes, the password
// and code that prove it is the user); the switch is the user's notification preference over every
// notice email, saved beside them. (No push switch: there is no push channel.)
const accountFormSchema = accountUpdateSchema.extend({
  emailNotifications: z.boolean(),
});

type AccountForm = z.input<typeof accountFormSchema>;

/** The form's values of what the server holds: the fields only, never the pending address or a message. */
function formValues(account: AccountValues, emailNotifications: boolean): AccountForm {
  const { firstName, lastName, email, phone, timezone, language, dateFormat } = account;
  return { firstName, lastName, email, phone, timezone, language, dateFormat, currentPassword: '', twoFactorCode: '', emailNotifications };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function AccountForm({ account, notifications }: { account: AccountSettingsView; notifications: NotificationPreferences }) {
  const queryClient = useQueryClient();
  const twoFactor = useTwoFactorStatus();
  const form = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: formValues(account, notifications.emailNotifications),
  });
  // A new sign-in email needs the password (and the code with two-factor sign-in on): a session
  // alone cannot move the account to another inbox.
  const emailChanging = !sameEmail(form.watch('email') ?? '', account.email);
  const codeNeeded = emailChanging && Boolean(twoFactor.data?.enabled);

  const handleSubmit = async ({ emailNotifications, currentPassword, twoFactorCode, ...profile }: AccountForm) => {
    try {
      const proof = emailChanging ? { currentPassword, ...(codeNeeded ? { twoFactorCode } : {}) } : {};
      const saved = await api.put<AccountSettingsView>('/settings/account', { ...profile, ...proof });
      const preferences = await api.put<NotificationPreferences>('/settings/notifications', { emailNotifications });
      queryClient.setQueryData(settingsKeys.account, saved);
      queryClient.setQueryData(settingsKeys.notifications, preferences);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.workspace });
      const session = getSession();
      // The top bar shows the name from the session: it follows the saved profile at once.
      if (session) {
        setSession({
          ...session,
          user: {
            ...session.user,
            firstName: saved.firstName,
            lastName: saved.lastName,
            email: saved.email,
            name: `${saved.firstName} ${saved.lastName}`.trim(),
          },
        });
      }
      form.reset(formValues(saved, preferences.emailNotifications));
      if (saved.message) toast.success(EMAIL_CHANGE_STARTED, saved.message);
      else toast.success(ACCOUNT_SAVED, 'Your profile and preferences have been updated.');
    } catch (error) {
      showSaveError(form, error, ACCOUNT_SAVE_FAILED);
    }
  };

  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Account settings">
      <FormSection title="Profile">
        <div className={styles.grid}>
          <FormTextField<AccountForm> label="First name" required name="firstName" autoComplete="given-name" />
          <FormTextField<AccountForm> label="Last name" required name="lastName" autoComplete="family-name" />
          <FormTextField<AccountForm> label="Email" type="email" required name="email" autoComplete="email" />
          <FormTextField<AccountForm> label="Phone" type="tel" name="phone" autoComplete="tel" />
        </div>
        {account.pendingEmail ? (
          <p className={styles.itemText} role="status">
            {pendingEmailText(account.pendingEmail, account.email)}
          </p>
        ) : null}
      </FormSection>
      {emailChanging ? (
        <FormSection title="Confirm it's you">
          <p className={styles.itemText}>
            To change your sign-in email, enter your current password{codeNeeded ? ' and a code from your authenticator app' : ''}. We will send a link to the
            new address: the change takes effect when you open it, and {account.email} is told.
          </p>
          <div className={styles.grid}>
            <FormTextField<AccountForm> label="Current password" type="password" name="currentPassword" autoComplete="current-password" />
            {codeNeeded ? (
              <FormTextField<AccountForm>
                label="Authenticator code"
                name="twoFactorCode"
                autoComplete="one-time-code"
                inputMode="numeric"
                hint="Or one of your recovery codes"
              />
            ) : null}
          </div>
        </FormSection>
      ) : null}
      <FormSection title="Preferences">
        <p className={styles.itemText}>Yours only: Caucus shows dates and times to you in this timezone and format. Your colleagues keep their own.</p>
        <div className={styles.grid}>
          <FormSelect<AccountForm> label="Timezone" options={TIMEZONE_OPTIONS} name="timezone" />
          <FormSelect<AccountForm> label="Language" options={LANGUAGE_OPTIONS} name="language" />
          <FormSelect<AccountForm> label="Date format" options={DATE_FORMAT_OPTIONS} name="dateFormat" />
        </div>
      </FormSection>
      <FormSection title="Notifications">
        <FormToggle<AccountForm>
          label="Email notifications"
          name="emailNotifications"
          description="Campaign and donation emails, as chosen in Notification settings. Sign-in alerts have their own switches in Security settings."
        />
      </FormSection>
      <div className={styles.actions}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save Changes
        </Button>
      </div>
    </Form>
  );
}

export function AccountSettings() {
  const account = useAccountSettings();
  const notifications = useNotificationPreferences();
  const failed = account.isError || notifications.isError;
  return (
    <SettingsPage title="Account Settings" subtitle="Your profile, regional preferences and notifications.">
      {account.data && notifications.data ? (
        <AccountForm account={account.data} notifications={notifications.data} />
      ) : failed ? (
        <ErrorState
          title="Account settings could not be loaded"
          error={account.error ?? notifications.error}
          onRetry={() => void Promise.all([account.refetch(), notifications.refetch()])}
        />
      ) : (
        <Spinner label="Loading account settings" />
      )}
    </SettingsPage>
  );
}
