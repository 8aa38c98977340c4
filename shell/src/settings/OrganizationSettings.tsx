import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Select, TextField } from '@caucus/design-system';
import { toast, useSession } from '@caucus/design-system/session';
import { FormSection, SettingsPage } from './SettingsPage';
import { hasErrors, validateImage, validateOrganization, type FieldErrors, type OrganizationFields } from './validation';
import styles from './Settings.module.css';

export const ORGANIZATION_TYPE_OPTIONS = [
  { value: 'non-profit', label: 'Non-profit' },
  { value: 'political', label: 'Political' },
  { value: 'business', label: 'Business' },
  { value: 'other', label: 'Other' },
];

export const COUNTRY_OPTIONS = ['United States', 'Canada', 'United Kingdom', 'Other'].map((country) => ({
  value: country,
  label: country,
}));

export const DEFAULT_PRIMARY_COLOR = '#667eea';
export const DEFAULT_SECONDARY_COLOR = '#764ba2';
export const ORGANIZATION_SAVED = 'Organization settings saved';

/** The signup's organization types, folded onto the settings' four. */
function settingsTypeOf(organizationType: string | undefined): string {
  if (!organizationType) return '';
  if (organizationType === 'political') return 'political';
  if (organizationType === 'nonprofit' || organizationType.startsWith('501c')) return 'non-profit';
  if (organizationType === 'business') return 'business';
  return 'other';
}

type OrganizationForm = OrganizationFields & {
  website: string;
  description: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  taxId: string;
  primaryColor: string;
  secondaryColor: string;
};

type ImageSlot = 'logo' | 'favicon';

function ImageUpload({ slot, label, file, error, onSelect }: {
  slot: ImageSlot;
  label: string;
  file: File | null;
  error: string | undefined;
  onSelect: (slot: ImageSlot, event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);

  // The image stays in the browser (saving is simulated); the object URL is released with it.
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const id = `organization-${slot}`;
  return (
    <div className={styles.upload}>
      <label htmlFor={id} className={styles.uploadLabel}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        onChange={(event) => onSelect(slot, event)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {preview ? <img src={preview} alt={`${label} preview`} className={styles.preview} /> : null}
      {file && !error ? <p className={styles.uploadName}>{file.name}</p> : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function OrganizationSettings() {
  const { session } = useSession();
  const [values, setValues] = useState<OrganizationForm>(() => ({
    name: session?.accountName ?? '',
    type: settingsTypeOf(session?.organizationType),
    website: '',
    description: '',
    street: '',
    city: '',
    state: '',
    zip: '',
    // Defaults of SPEC.md point 9.
    country: 'United States',
    taxId: '',
    primaryColor: DEFAULT_PRIMARY_COLOR,
    secondaryColor: DEFAULT_SECONDARY_COLOR,
  }));
  const [errors, setErrors] = useState<FieldErrors<keyof OrganizationFields>>({});
  const [images, setImages] = useState<Record<ImageSlot, File | null>>({ logo: null, favicon: null });
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageSlot, string>>>({});

  const set = <K extends keyof OrganizationForm>(key: K, value: OrganizationForm[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const handleImage = (slot: ImageSlot, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? validateImage(file) : null;
    setImageErrors((current) => ({ ...current, [slot]: problem ?? undefined }));
    setImages((current) => ({ ...current, [slot]: problem ? null : file }));
    if (problem) event.target.value = '';
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateOrganization(values);
    setErrors(found);
    if (hasErrors(found)) return;
    toast.success(ORGANIZATION_SAVED, 'Your organization profile has been updated.');
  };

  const field = (key: keyof OrganizationForm) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.target.value),
  });

  return (
    <SettingsPage title="Organization Settings" subtitle="Your organization's profile, address and branding.">
      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Organization settings">
        <FormSection title="Organization">
          <div className={styles.grid}>
            <TextField label="Organization name" required error={errors.name} {...field('name')} />
            <Select
              label="Organization type"
              required
              placeholder="Select a type"
              options={ORGANIZATION_TYPE_OPTIONS}
              value={values.type}
              error={errors.type}
              onChange={(event) => set('type', event.target.value)}
            />
            <TextField label="Website" type="url" placeholder="https://" {...field('website')} />
            <TextField label="Tax ID" {...field('taxId')} />
          </div>
          <TextField label="Description" multiline rows={3} {...field('description')} />
        </FormSection>
        <FormSection title="Address">
          <div className={styles.grid}>
            <TextField label="Street" autoComplete="street-address" {...field('street')} />
            <TextField label="City" autoComplete="address-level2" {...field('city')} />
            <TextField label="State" autoComplete="address-level1" {...field('state')} />
            <TextField label="ZIP" autoComplete="postal-code" {...field('zip')} />
            <Select
              label="Country"
              options={COUNTRY_OPTIONS}
              value={values.country}
              onChange={(event) => set('country', event.target.value)}
            />
          </div>
        </FormSection>
        <FormSection title="Branding">
          <div className={styles.grid}>
            <TextField label="Primary color" type="color" className={styles.color} {...field('primaryColor')} />
            <TextField label="Secondary color" type="color" className={styles.color} {...field('secondaryColor')} />
            <ImageUpload slot="logo" label="Logo" file={images.logo} error={imageErrors.logo} onSelect={handleImage} />
            <ImageUpload
              slot="favicon"
              label="Favicon"
              file={images.favicon}
              error={imageErrors.favicon}
              onSelect={handleImage}
            />
          </div>
        </FormSection>
        <div className={styles.actions}>
          <Button type="submit">Save Changes</Button>
        </div>
      </form>
    </SettingsPage>
  );
}
