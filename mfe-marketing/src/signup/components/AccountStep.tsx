import { Link } from 'react-router-dom';
import { FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ORGANIZATION_TYPES, type SignupForm } from '../utils/signupForm';
import styles from './SignupWizard.module.css';

/** Step 2 of the wizard: bound fields of the wizard's form. */
export function AccountStep() {
  return (
    <div className={styles.fields}>
      <h2 className={styles.groupTitle}>Your details</h2>
      <div className={styles.row}>
        <FormTextField<SignupForm> label="First name" name="firstName" autoComplete="given-name" required />
        <FormTextField<SignupForm> label="Last name" name="lastName" autoComplete="family-name" required />
      </div>
      <FormTextField<SignupForm> label="Email" name="email" type="email" autoComplete="email" required />
      <div className={styles.row}>
        <FormTextField<SignupForm> label="Password" name="password" type="password" autoComplete="new-password" hint="At least 8 characters" required />
        <FormTextField<SignupForm> label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required />
      </div>
      <h2 className={styles.groupTitle}>Your organization</h2>
      <FormTextField<SignupForm> label="Organization name" name="organizationName" autoComplete="organization" required />
      <div className={styles.row}>
        <FormSelect<SignupForm>
          label="Organization type"
          name="organizationType"
          placeholder="Select organization type"
          options={ORGANIZATION_TYPES.map((type) => ({ value: type.value, label: type.label }))}
          required
        />
        <FormTextField<SignupForm> label="Phone number" name="phone" type="tel" autoComplete="tel" required />
      </div>
      <FormCheckbox<SignupForm>
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
      />
    </div>
  );
}
