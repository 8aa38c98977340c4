import { useState, type FormEvent } from 'react';
import { Button, Checkbox } from '@caucus/design-system';
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

export function NotificationSettings() {
  const [enabled, setEnabled] = useState<Record<NotificationId, boolean>>({
    campaignUpdates: true,
    newDonations: true,
    eventReminders: true,
    weeklyReports: true,
    realTimeUpdates: true,
    dailySummaries: false,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    toast.success(NOTIFICATIONS_SAVED, 'We will notify you the way you chose.');
  };

  const box = (item: { id: NotificationId; label: string }) => (
    <Checkbox
      key={item.id}
      label={item.label}
      checked={enabled[item.id]}
      onChange={(event) => setEnabled((current) => ({ ...current, [item.id]: event.target.checked }))}
    />
  );

  return (
    <SettingsPage title="Notification Settings" subtitle="Choose what Caucus tells you about, and where.">
      <form className={styles.form} onSubmit={handleSubmit} aria-label="Notification settings">
        <FormSection title="Email Notifications">{EMAIL_NOTIFICATIONS.map(box)}</FormSection>
        <FormSection title="Push Notifications">{PUSH_NOTIFICATIONS.map(box)}</FormSection>
        <div className={styles.actions}>
          <Button type="submit">Save Preferences</Button>
        </div>
      </form>
    </SettingsPage>
  );
}
