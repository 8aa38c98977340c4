// Settings rules (SPEC.md point 5, Settings). Saving is simulated, so these are the only checks.
export const PASSWORD_MIN_LENGTH = 8;

export const MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  organizationNameRequired: 'Organization name is required',
  organizationTypeRequired: 'Organization type is required',
  currentPasswordRequired: 'Current password is required',
  passwordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  imageRequired: 'Please select an image file',
  imageTooLarge: 'File size must be less than 5MB',
} as const;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AccountFields = { firstName: string; lastName: string; email: string };

export function validateAccount(values: AccountFields): FieldErrors<keyof AccountFields> {
  const errors: FieldErrors<keyof AccountFields> = {};
  if (!values.firstName.trim()) errors.firstName = MESSAGES.firstNameRequired;
  if (!values.lastName.trim()) errors.lastName = MESSAGES.lastNameRequired;
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = MESSAGES.emailInvalid;
  return errors;
}

export type OrganizationFields = { name: string; type: string };

export function validateOrganization(values: OrganizationFields): FieldErrors<keyof OrganizationFields> {
  const errors: FieldErrors<keyof OrganizationFields> = {};
  if (!values.name.trim()) errors.name = MESSAGES.organizationNameRequired;
  if (!values.type) errors.type = MESSAGES.organizationTypeRequired;
  return errors;
}

export type PasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };

export function validatePasswordChange(values: PasswordFields): FieldErrors<keyof PasswordFields> {
  const errors: FieldErrors<keyof PasswordFields> = {};
  if (!values.currentPassword) errors.currentPassword = MESSAGES.currentPasswordRequired;
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = MESSAGES.passwordTooShort;
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return errors;
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Logo and favicon: an image of at most 5 MB (the product's image upload rule). */
export function validateImage(file: File): string | null {
  if (!file.type.startsWith('image/')) return MESSAGES.imageRequired;
  if (file.size > MAX_IMAGE_BYTES) return MESSAGES.imageTooLarge;
  return null;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
