import type { SignupInput } from '@caucus/contract';

export const ORGANIZATION_TYPES = [
  { value: 'political', label: 'Political campaign' },
  { value: 'nonprofit', label: 'Nonprofit' },
  { value: '501c3', label: '501(c)(3) charity' },
  { value: '501c4', label: '501(c)(4) social welfare' },
  { value: '501c6', label: '501(c)(6) trade association' },
  { value: 'other', label: 'Other' },
] as const;

export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]['value'];

/** The wizard's values: the signup request as the fields hold it (organization type blank until chosen). */
export type SignupForm = Omit<SignupInput, 'organizationType' | 'agreeToTerms'> & {
  organizationType: OrganizationType | '';
  agreeToTerms: boolean;
};

export const EMPTY_SIGNUP_FORM: SignupForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  organizationName: '',
  organizationType: '',
  phone: '',
  planId: '',
  agreeToTerms: false,
};

export function organizationTypeLabel(value: string): string {
  return ORGANIZATION_TYPES.find((type) => type.value === value)?.label ?? value;
}
