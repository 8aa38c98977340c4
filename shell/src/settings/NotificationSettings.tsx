import { useForm } from 'react-hook-form';
import { Button, ErrorState, Spinner } from '@caucus/design-system';
import { Form, FormCheckbox } from '@caucus/design-system/form';
import { api, toast, useQueryClient } from '@caucus/design-system/session';
import type { NotificationPreferences } from '@caucus/api/contract';
import { settingsKeys, useNotificationPreferences } from './settingsApi';
import { showSaveError } from './serverErrors';
import { FormSection, SettingsPage } from './SettingsPage';
import styles from './Settings.module.css';

export const NOTIFICATIONS_SAVED = 'Notification preferences saved';

export const EMAIL_NOTIFICATIONS = [
  { id: 'campaignUpdates', label: 'Campaign updates' },
  { id: 'newDonations', label: 'New donations' },
  { id: 'eventReminders', label: 'Event reminders' },
  { id: 'weeklyReports', label: 'Weekly reports' },
] as const;

export const PUSH_NOTIFICATIONS = [
  { id: 'realTimeUpdates', label: 'Real-time updates' },
  { id: 'dailySummaries', label: 'Daily summaries' },
] as const;

type NotificationId = (typeof EMAIL_NOTIFICATIONS)[number]['id'] | (typeof PUSH_NOTIFICATIONS)[number]['id'];
type NotificationChoices = Pick<NotificationPreferences, NotificationId>;

const pick = (preferences: NotificationPreferences): NotificationChoices => ({
  campaignUpdates: preferences.campaignUpdates,
  newDonations: preferences.newDonations,
  eventReminders: preferences.eventReminders,
  weeklyReports: preferences.weeklyReports,
  realTimeUpdates: preferences.realTimeUpdates,
  dailySummaries: preferences.dailySummaries,
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

  const box = (item: { id: NotificationId; label: string }) => (
    <FormCheckbox<NotificationChoices> key={item.id} name={item.id} label={item.label} />
  );

  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Notification settings">
      <FormSection title="Email Notifications">{EMAIL_NOTIFICATIONS.map(box)}</FormSection>
      <FormSection title="Push Notifications">{PUSH_NOTIFICATIONS.map(box)}</FormSection>
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
    <SettingsPage title="Notification Settings" subtitle="Choose what Caucus tells you about, and where.">
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
