import { useForm } from 'react-hook-form';
import { Button } from '@caucus/design-system';
import { Form, FormCheckbox } from '@caucus/design-system/form';
import { toast } from '@caucus/design-system/session';
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
type NotificationPreferences = Record<NotificationId, boolean>;

const DEFAULT_PREFERENCES: NotificationPreferences = {
  campaignUpdates: true,
  newDonations: true,
  eventReminders: true,
  weeklyReports: true,
  realTimeUpdates: true,
  dailySummaries: false,
};

export function NotificationSettings() {
  // No resolver: on/off choices have no rule to break. Saving is simulated (SPEC point 2): no API
  // stores these preferences yet, so the toast confirms and nothing is sent.
  const form = useForm<NotificationPreferences>({ defaultValues: DEFAULT_PREFERENCES });

  const handleSubmit = () => {
    toast.success(NOTIFICATIONS_SAVED, 'We will notify you the way you chose.');
  };

  const box = (item: { id: NotificationId; label: string }) => (
    <FormCheckbox<NotificationPreferences> key={item.id} name={item.id} label={item.label} />
  );

  return (
    <SettingsPage title="Notification Settings" subtitle="Choose what Caucus tells you about, and where.">
      <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Notification settings">
        <FormSection title="Email Notifications">{EMAIL_NOTIFICATIONS.map(box)}</FormSection>
        <FormSection title="Push Notifications">{PUSH_NOTIFICATIONS.map(box)}</FormSection>
        <div className={styles.actions}>
          <Button type="submit">Save Preferences</Button>
        </div>
      </Form>
    </SettingsPage>
  );
}
