import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@caucus/design-system';
import { Form, FormSelect, FormTextField, FormToggle } from '@caucus/design-system/form';
import { toast, useSession } from '@caucus/design-system/session';
import { accountSettingsSchema } from '@caucus/api/contract';
import { FormSection, SettingsPage } from './SettingsPage';
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

// The contract's profile rules; the preferences are free choices among the options below.
const accountFormSchema = accountSettingsSchema.extend({
  phone: z.string(),
  timezone: z.string(),
  language: z.string(),
  dateFormat: z.string(),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
});

type AccountForm = z.input<typeof accountFormSchema>;

export function AccountSettings() {
  const { session } = useSession();
  const form = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: {
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
    },
  });

  const handleSubmit = () => {
    // Settings make no server calls (SPEC.md point 7): saving is simulated.
    toast.success(ACCOUNT_SAVED, 'Your profile and preferences have been updated.');
  };

  return (
    <SettingsPage title="Account Settings" subtitle="Your profile, regional preferences and notifications.">
      <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Account settings">
        <FormSection title="Profile">
          <div className={styles.grid}>
            <FormTextField<AccountForm>
              label="First name"
              required
              name="firstName"
              autoComplete="given-name"
            />
            <FormTextField<AccountForm>
              label="Last name"
              required
              name="lastName"
              autoComplete="family-name"
            />
            <FormTextField<AccountForm>
              label="Email"
              type="email"
              required
              name="email"
              autoComplete="email"
            />
            <FormTextField<AccountForm>
              label="Phone"
              type="tel"
              name="phone"
              autoComplete="tel"
            />
          </div>
        </FormSection>
        <FormSection title="Preferences">
          <div className={styles.grid}>
            <FormSelect<AccountForm>
              label="Timezone"
              options={TIMEZONE_OPTIONS}
              name="timezone"
            />
            <FormSelect<AccountForm>
              label="Language"
              options={LANGUAGE_OPTIONS}
              name="language"
            />
            <FormSelect<AccountForm>
              label="Date format"
              options={DATE_FORMAT_OPTIONS}
              name="dateFormat"
            />
          </div>
        </FormSection>
        <FormSection title="Notifications">
          <FormToggle<AccountForm>
            label="Email notifications"
            name="emailNotifications"
          />
          <FormToggle<AccountForm>
            label="Push notifications"
            name="pushNotifications"
          />
        </FormSection>
        <div className={styles.actions}>
          <Button type="submit">Save Changes</Button>
        </div>
      </Form>
    </SettingsPage>
  );
}
