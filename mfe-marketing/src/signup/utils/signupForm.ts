export const ORGANIZATION_TYPES = [
  { value: 'political', label: 'Political campaign' },
  { value: 'nonprofit', label: 'Nonprofit' },
  { value: '501c3', label: '501(c)(3) charity' },
  { value: '501c4', label: '501(c)(4) social welfare' },
  { value: '501c6', label: '501(c)(6) trade association' },
  { value: 'other', label: 'Other' },
] as const;

export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]['value'];

export type SignupForm = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  organizationName: string;
  organizationType: OrganizationType | '';
  phone: string;
  selectedPlan: string;
  agreeToTerms: boolean;
};

export type SignupField = keyof SignupForm;
export type SignupErrors = Partial<Record<SignupField, string>>;

export const EMPTY_SIGNUP_FORM: SignupForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  organizationName: '',
  organizationType: '',
  phone: '',
  selectedPlan: '',
  agreeToTerms: false,
};

// The same simple shape the API checks, so the browser never accepts an address the server refuses.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN_LENGTH = 8;

/** Spec point 5, "Signup step 1". */
export function validatePlanStep(form: SignupForm, planIds: readonly string[]): SignupErrors {
  return form.selectedPlan && planIds.includes(form.selectedPlan) ? {} : { selectedPlan: 'Please select a plan' };
}

/** Spec point 5, "Signup step 2", texts exactly as written there. */
export function validateAccountStep(form: SignupForm): SignupErrors {
  const errors: SignupErrors = {};
  if (!form.firstName.trim()) errors.firstName = 'First name is required';
  if (!form.lastName.trim()) errors.lastName = 'Last name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = 'Please enter a valid email address';
  if (!form.password) errors.password = 'Password is required';
  else if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = 'Password must be at least 8 characters long';
  if (form.confirmPassword !== form.password) errors.confirmPassword = 'Passwords do not match';
  if (!form.organizationName.trim()) errors.organizationName = 'Organization name is required';
  if (!form.organizationType) errors.organizationType = 'Organization type is required';
  if (!form.phone.trim()) errors.phone = 'Phone number is required';
  if (!form.agreeToTerms) errors.agreeToTerms = 'You must agree to the terms and conditions';
  return errors;
}

export function organizationTypeLabel(value: string): string {
  return ORGANIZATION_TYPES.find((type) => type.value === value)?.label ?? value;
}
