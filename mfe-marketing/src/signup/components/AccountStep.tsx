import { Link } from 'react-router-dom';
import { Checkbox, Select, TextField } from '@caucus/design-system';
import { ORGANIZATION_TYPES, type SignupErrors, type SignupField, type SignupForm } from '../utils/signupForm';
import styles from './SignupWizard.module.css';

export type AccountStepProps = {
  form: SignupForm;
  errors: SignupErrors;
  onChange: <K extends SignupField>(field: K, value: SignupForm[K]) => void;
};

export function AccountStep({ form, errors, onChange }: AccountStepProps) {
  return (
    <div className={styles.fields}>
      <h2 className={styles.groupTitle}>Your details</h2>
      <div className={styles.row}>
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={form.firstName}
          error={errors.firstName}
          onChange={(event) => onChange('firstName', event.target.value)}
          required
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={form.lastName}
          error={errors.lastName}
          onChange={(event) => onChange('lastName', event.target.value)}
          required
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        error={errors.email}
        onChange={(event) => onChange('email', event.target.value)}
        required
      />
      <div className={styles.row}>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          value={form.password}
          error={errors.password}
          onChange={(event) => onChange('password', event.target.value)}
          required
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => onChange('confirmPassword', event.target.value)}
          required
        />
      </div>
      <h2 className={styles.groupTitle}>Your organization</h2>
      <TextField
        label="Organization name"
        name="organizationName"
        autoComplete="organization"
        value={form.organizationName}
        error={errors.organizationName}
        onChange={(event) => onChange('organizationName', event.target.value)}
        required
      />
      <div className={styles.row}>
        <Select
          label="Organization type"
          name="organizationType"
          placeholder="Select organization type"
          options={ORGANIZATION_TYPES.map((type) => ({ value: type.value, label: type.label }))}
          value={form.organizationType}
          error={errors.organizationType}
          onChange={(event) => onChange('organizationType', event.target.value as SignupForm['organizationType'])}
          required
        />
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={form.phone}
          error={errors.phone}
          onChange={(event) => onChange('phone', event.target.value)}
          required
        />
      </div>
      <Checkbox
        name="agreeToTerms"
        label={
          <>
            I agree to the{' '}
            <Link to="/terms" target="_blank" className={styles.inlineLink}>
              terms and conditions
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" target="_blank" className={styles.inlineLink}>
              privacy policy
            </Link>
          </>
        }
        checked={form.agreeToTerms}
        error={errors.agreeToTerms}
        onChange={(event) => onChange('agreeToTerms', event.target.checked)}
      />
    </div>
  );
}
