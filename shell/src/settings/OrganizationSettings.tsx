import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { toast, useSession } from '@caucus/design-system/session';
import { organizationSettingsSchema, SETTINGS_ORGANIZATION_TYPES } from '@caucus/api/contract';
import { FormSection, SettingsPage } from './SettingsPage';
import { validateImage } from './validation';
import styles from './Settings.module.css';

type SettingsOrganizationType = (typeof SETTINGS_ORGANIZATION_TYPES)[number];

const ORGANIZATION_TYPE_LABELS: Record<SettingsOrganizationType, string> = {
  'non-profit': 'Non-profit',
  political: 'Political',
  business: 'Business',
  other: 'Other',
};

export const ORGANIZATION_TYPE_OPTIONS = SETTINGS_ORGANIZATION_TYPES.map((value) => ({ value, label: ORGANIZATION_TYPE_LABELS[value] }));

export const COUNTRY_OPTIONS = ['United States', 'Canada', 'United Kingdom', 'Other'].map((country) => ({
  value: country,
  label: country,
}));

export const DEFAULT_PRIMARY_COLOR = '#667eea';
export const DEFAULT_SECONDARY_COLOR = '#764ba2';
export const ORGANIZATION_SAVED = 'Organization settings saved';

/** The signup's organization types, folded onto the settings' four ('' until one is chosen). */
function settingsTypeOf(organizationType: string | undefined): SettingsOrganizationType {
  // The select's placeholder: blank is no type, which the contract refuses with its message.
  if (!organizationType) return '' as SettingsOrganizationType;
  if (organizationType === 'political') return 'political';
  if (organizationType === 'nonprofit' || organizationType.startsWith('501c')) return 'non-profit';
  if (organizationType === 'business') return 'business';
  return 'other';
}

// The contract's rules for name and type; the rest of the profile is free text.
const organizationFormSchema = organizationSettingsSchema.extend({
  website: z.string(),
  description: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  taxId: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
});

type OrganizationForm = z.input<typeof organizationFormSchema>;

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
  const form = useForm<OrganizationForm>({
    resolver: zodResolver(organizationFormSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: {
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
    },
  });
  const [images, setImages] = useState<Record<ImageSlot, File | null>>({ logo: null, favicon: null });
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageSlot, string>>>({});

  const handleImage = (slot: ImageSlot, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? validateImage(file) : null;
    setImageErrors((current) => ({ ...current, [slot]: problem ?? undefined }));
    setImages((current) => ({ ...current, [slot]: problem ? null : file }));
    if (problem) event.target.value = '';
  };

  // Saving is simulated (SPEC point 2).
  const handleSubmit = () => {
    toast.success(ORGANIZATION_SAVED, 'Your organization profile has been updated.');
  };

  return (
    <SettingsPage title="Organization Settings" subtitle="Your organization's profile, address and branding.">
      <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Organization settings">
        <FormSection title="Organization">
          <div className={styles.grid}>
            <FormTextField<OrganizationForm> name="name" label="Organization name" required />
            <FormSelect<OrganizationForm>
              label="Organization type"
              required
              placeholder="Select a type"
              options={ORGANIZATION_TYPE_OPTIONS}
              name="type"
            />
            <FormTextField<OrganizationForm> name="website" label="Website" type="url" placeholder="https://" />
            <FormTextField<OrganizationForm> name="taxId" label="Tax ID" />
          </div>
          <FormTextField<OrganizationForm> name="description" label="Description" multiline rows={3} />
        </FormSection>
        <FormSection title="Address">
          <div className={styles.grid}>
            <FormTextField<OrganizationForm> name="street" label="Street" autoComplete="street-address" />
            <FormTextField<OrganizationForm> name="city" label="City" autoComplete="address-level2" />
            <FormTextField<OrganizationForm> name="state" label="State" autoComplete="address-level1" />
            <FormTextField<OrganizationForm> name="zip" label="ZIP" autoComplete="postal-code" />
            <FormSelect<OrganizationForm>
              label="Country"
              options={COUNTRY_OPTIONS}
              name="country"
            />
          </div>
        </FormSection>
        <FormSection title="Branding">
          <div className={styles.grid}>
            <FormTextField<OrganizationForm> name="primaryColor" label="Primary color" type="color" className={styles.color} />
            <FormTextField<OrganizationForm> name="secondaryColor" label="Secondary color" type="color" className={styles.color} />
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
      </Form>
    </SettingsPage>
  );
}
