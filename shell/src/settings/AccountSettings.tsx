import { useState, type FormEvent } from 'react';
import { Button, Select, TextField, Toggle } from '@caucus/design-system';
import { toast, useSession } from '@caucus/design-system/session';
import { FormSection, SettingsPage } from './SettingsPage';
import { hasErrors, validateAccount, type AccountFields, type FieldErrors } from './validation';
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

type AccountForm = AccountFields & {
  phone: string;
  timezone: string;
  language: string;
  dateFormat: string;
  emailNotifications: boolean;
  pushNotifications: boolean;
};

export function AccountSettings() {
  const { session } = useSession();
  const [values, setValues] = useState<AccountForm>(() => ({
    firstName: session?.user.firstName ?? '',
    lastName: session?.user.lastName ?? '',
    email: session?.user.email ?? '',
    phone: '',
    // Defaults of SPEC.md point 9.
    timezone: 'America/New_York',
    language: 'en',
    dateFormat: 'MM/DD/YYYY',
    emailNotifications: true,
    pushNotifications: false,
  }));
  const [errors, setErrors] = useState<FieldErrors<keyof AccountFields>>({});

  const set = <K extends keyof AccountForm>(key: K, value: AccountForm[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateAccount(values);
    setErrors(found);
    if (hasErrors(found)) return;
    // Settings make no server calls (SPEC.md point 7): saving is simulated.
    toast.success(ACCOUNT_SAVED, 'Your profile and preferences have been updated.');
  };

  return (
    <SettingsPage title="Account Settings" subtitle="Your profile, regional preferences and notifications.">
      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Account settings">
        <FormSection title="Profile">
          <div className={styles.grid}>
            <TextField
              label="First name"
              required
              value={values.firstName}
              error={errors.firstName}
              onChange={(event) => set('firstName', event.target.value)}
              autoComplete="given-name"
            />
            <TextField
              label="Last name"
              required
              value={values.lastName}
              error={errors.lastName}
              onChange={(event) => set('lastName', event.target.value)}
              autoComplete="family-name"
            />
            <TextField
              label="Email"
              type="email"
              required
              value={values.email}
              error={errors.email}
              onChange={(event) => set('email', event.target.value)}
              autoComplete="email"
            />
            <TextField
              label="Phone"
              type="tel"
              value={values.phone}
              onChange={(event) => set('phone', event.target.value)}
              autoComplete="tel"
            />
          </div>
        </FormSection>
        <FormSection title="Preferences">
          <div className={styles.grid}>
            <Select
              label="Timezone"
              options={TIMEZONE_OPTIONS}
              value={values.timezone}
              onChange={(event) => set('timezone', event.target.value)}
            />
            <Select
              label="Language"
              options={LANGUAGE_OPTIONS}
              value={values.language}
              onChange={(event) => set('language', event.target.value)}
            />
            <Select
              label="Date format"
              options={DATE_FORMAT_OPTIONS}
              value={values.dateFormat}
              onChange={(event) => set('dateFormat', event.target.value)}
            />
          </div>
        </FormSection>
        <FormSection title="Notifications">
          <Toggle
            label="Email notifications"
            checked={values.emailNotifications}
            onChange={(checked) => set('emailNotifications', checked)}
          />
          <Toggle
            label="Push notifications"
            checked={values.pushNotifications}
            onChange={(checked) => set('pushNotifications', checked)}
          />
        </FormSection>
        <div className={styles.actions}>
          <Button type="submit">Save Changes</Button>
        </div>
      </form>
    </SettingsPage>
  );
}
