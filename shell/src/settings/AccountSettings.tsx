import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, ErrorState, Spinner } from '@caucus/design-system';
import { Form, FormSelect, FormTextField, FormToggle } from '@caucus/design-system/form';
import { api, getSession, setSession, toast, useQueryClient } from '@caucus/design-system/session';
import { accountSettingsSchema, type AccountSettings as AccountValues, type NotificationPreferences } from '@caucus/api/contract';
import { FormSection, SettingsPage } from './SettingsPage';
import { settingsKeys, useAccountSettings, useNotificationPreferences } from './settingsApi';
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

// The contract's rules for the profile and preferences; the switch is the user's notification
// preference over every notice email, saved beside them. (No push switch: there is no push channel.)
const accountFormSchema = accountSettingsSchema.extend({
  emailNotifications: z.boolean(),
});

type AccountForm = z.input<typeof accountFormSchema>;

function AccountForm({ account, notifications }: { account: AccountValues; notifications: NotificationPreferences }) {
  const queryClient = useQueryClient();
  const form = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: { ...account, emailNotifications: notifications.emailNotifications },
  });

  const handleSubmit = async ({ emailNotifications, ...profile }: AccountForm) => {
    try {
      const saved = await api.put<AccountValues>('/settings/account', profile);
      const preferences = await api.put<NotificationPreferences>('/settings/notifications', { emailNotifications });
      queryClient.setQueryData(settingsKeys.account, saved);
      queryClient.setQueryData(settingsKeys.notifications, preferences);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.workspace });
      const session = getSession();
      // The top bar shows the name from the session: it follows the saved profile at once.
      if (session) {
        setSession({
          ...session,
          user: { ...session.user, firstName: saved.firstName, lastName: saved.lastName, email: saved.email, name: `${saved.firstName} ${saved.lastName}`.trim() },
        });
      }
      form.reset({ ...saved, emailNotifications: preferences.emailNotifications });
      toast.success(ACCOUNT_SAVED, 'Your profile and preferences have been updated.');
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
      </FormSection>
      <FormSection title="Preferences">
        <p className={styles.itemText}>
          Yours only: Caucus shows dates and times to you in this timezone and format. Your colleagues keep their own.
        </p>
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
