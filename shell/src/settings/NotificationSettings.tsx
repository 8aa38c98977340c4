import { useForm } from 'react-hook-form';
import { Button, ErrorState, Spinner } from '@caucus/design-system';
import { Form, FormCheckbox } from '@caucus/design-system/form';
import { api, toast, useQueryClient } from '@caucus/platform';
import type { NotificationPreferences } from '@caucus/contract';
import { settingsKeys, useNotificationPreferences } from './settingsApi';
import { showSaveError } from './serverErrors';
import { FormSection, SettingsPage } from './SettingsPage';
import styles from './Settings.module.css';

export const NOTIFICATIONS_SAVED = 'Notification preferences saved';

/**
 * Each box is an email the product really sends (api/src/modules/settings/notifications.ts). The
 * sample's push notifications, event reminders and weekly or daily summaries are left out: there is
 * no push channel and no scheduled sender, so those boxes would change nothing.
 */
export const EMAIL_NOTIFICATIONS = [
  { id: 'campaignUpdates', label: 'Campaign updates', description: 'An email when a campaign reaches its fundraising goal.' },
  { id: 'newDonations', label: 'New donations', description: 'An email when a colleague records a donation (not for the ones you record).' },
] as const;

type NotificationId = (typeof EMAIL_NOTIFICATIONS)[number]['id'];
type NotificationChoices = Pick<NotificationPreferences, NotificationId>;

const pick = (preferences: NotificationPreferences): NotificationChoices => ({
  campaignUpdates: preferences.campaignUpdates,
  newDonations: preferences.newDonations,
});

function NotificationForm({ preferences }: { preferences: NotificationPreferences }) {
  const queryClient = useQueryClient();
  // No resolver: on/off choices have no rule to break. Saved per user on the server.
  const form = useForm<NotificationChoices>({ defaultValues: pick(preferences) });

  const handleSubmit = async (values: NotificationChoices) => {
    try {
      const saved = await api.put<NotificationPreferences>('/settings/notifications', values);
      queryClient.setQueryData(settingsKeys.notifications, saved);
      form.reset(pick(saved));
      toast.success(NOTIFICATIONS_SAVED, 'We will notify you the way you chose.');
    } catch (error) {
      showSaveError(null, error, 'Notification preferences were not saved');
    }
  };

  const box = (item: { id: NotificationId; label: string; description: string }) => (
    <FormCheckbox<NotificationChoices> key={item.id} name={item.id} label={item.label} description={item.description} />
  );

  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Notification settings">
      <FormSection title="Email Notifications">
        {preferences.emailNotifications ? null : (
          <p className={styles.itemText}>Email notifications are turned off in Account settings, so none of these are sent.</p>
        )}
        {EMAIL_NOTIFICATIONS.map(box)}
      </FormSection>
      <div className={styles.actions}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save Preferences
        </Button>
      </div>
    </Form>
  );
}

export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  return (
    <SettingsPage title="Notification Settings" subtitle="Choose which emails Caucus sends you. Sign-in alerts are in Security settings.">
      {preferences.data ? (
        <NotificationForm preferences={preferences.data} />
      ) : preferences.isError ? (
        <ErrorState title="Notification preferences could not be loaded" error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <Spinner label="Loading notification preferences" />
      )}
    </SettingsPage>
  );
}
