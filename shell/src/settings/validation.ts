// Logo and favicon checks (files stay in the browser). The form fields' rules are the contract's
// (accountSettingsSchema, organizationSettingsSchema, passwordChangeSchema).
export const MESSAGES = {
  imageRequired: 'Please select an image file',
  imageTooLarge: 'File size must be less than 5MB',
} as const;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Logo and favicon: an image of at most 5 MB (the product's image upload rule). */
export function validateImage(file: File): string | null {
  if (!file.type.startsWith('image/')) return MESSAGES.imageRequired;
  if (file.size > MAX_IMAGE_BYTES) return MESSAGES.imageTooLarge;
  return null;
}
