import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, ErrorState, Spinner } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { api, getSession, setSession, toast, useCan, useQueryClient } from '@caucus/platform';
import {
  MAX_ORGANIZATION_IMAGE_BYTES,
  ORGANIZATION_IMAGE_TOO_LARGE,
  organizationSettingsSchema,
  SETTINGS_COUNTRIES,
  SETTINGS_ORGANIZATION_TYPES,
  type OrganizationSettings as OrganizationSettingsValues,
} from '@caucus/contract';
import { TIMEZONE_OPTIONS } from './AccountSettings';
import { FormSection, SettingsPage } from './SettingsPage';
import { settingsKeys, useOrganizationSettings } from './settingsApi';
import { showSaveError } from './serverErrors';
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

export const COUNTRY_OPTIONS = SETTINGS_COUNTRIES.map((country) => ({
  value: country,
  label: country,
}));

export const DEFAULT_PRIMARY_COLOR = '#667eea';
export const DEFAULT_SECONDARY_COLOR = '#764ba2';
export const ORGANIZATION_SAVED = 'Organization settings saved';
export const ORGANIZATION_SAVE_FAILED = 'Organization settings were not saved';

// The contract's rules for every field; logo and favicon are data URLs set by the pickers below.
const organizationFormSchema = organizationSettingsSchema;

type OrganizationForm = z.input<typeof organizationFormSchema>;

type ImageSlot = 'logo' | 'favicon';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function ImageUpload({
  slot,
  label,
  value,
  fileName,
  error,
  onSelect,
  onRemove,
}: {
  slot: ImageSlot;
  label: string;
  /** The saved or newly chosen image, as a data URL. */
  value: string | null;
  fileName: string | null;
  error: string | undefined;
  onSelect: (slot: ImageSlot, event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (slot: ImageSlot) => void;
}) {
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
      {value ? <img src={value} alt={`${label} preview`} className={styles.preview} /> : null}
      {fileName && !error ? <p className={styles.uploadName}>{fileName}</p> : null}
      {value ? (
        <Button variant="secondary" size="sm" onClick={() => onRemove(slot)}>
          Remove {label.toLowerCase()}
        </Button>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function OrganizationFormView({ organization }: { organization: OrganizationSettingsValues }) {
  const queryClient = useQueryClient();
  const form = useForm<OrganizationForm>({
    resolver: zodResolver(organizationFormSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: organization,
  });
  const [fileNames, setFileNames] = useState<Record<ImageSlot, string | null>>({ logo: null, favicon: null });
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageSlot, string>>>({});
  const images = form.watch(['logo', 'favicon']);

  const handleImage = async (slot: ImageSlot, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    const problem = validateImage(file) ?? (file.size > MAX_ORGANIZATION_IMAGE_BYTES ? ORGANIZATION_IMAGE_TOO_LARGE : null);
    setImageErrors((current) => ({ ...current, [slot]: problem ?? undefined }));
    setFileNames((current) => ({ ...current, [slot]: problem ? null : file.name }));
    if (problem) {
      event.target.value = '';
      return;
    }
    form.setValue(slot, await readAsDataUrl(file), { shouldDirty: true });
  };

  // The API refuses a save without settings.write; the page does not offer one.
  const canSave = useCan('settings.write');

  const handleRemove = (slot: ImageSlot) => {
    form.setValue(slot, null, { shouldDirty: true });
    setFileNames((current) => ({ ...current, [slot]: null }));
  };

  const handleSubmit = async (values: OrganizationForm) => {
    if (!canSave) return;
    try {
      const saved = await api.put<OrganizationSettingsValues>('/settings/organization', values);
      queryClient.setQueryData(settingsKeys.organization, saved);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.workspace });
      const session = getSession();
      // The frame and the account switcher read the name from the session: it follows the save.
      if (session) {
        setSession({
          ...session,
          accountName: saved.name,
          accounts: session.accounts.map((account) => (account.id === session.accountId ? { ...account, name: saved.name } : account)),
        });
      }
      form.reset(saved);
      toast.success(ORGANIZATION_SAVED, 'Your organization profile has been updated.');
    } catch (error) {
      showSaveError(form, error, ORGANIZATION_SAVE_FAILED);
    }
  };

  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.form} aria-label="Organization settings">
      <FormSection title="Organization">
        <div className={styles.grid}>
          <FormTextField<OrganizationForm> name="name" label="Organization name" required />
          <FormSelect<OrganizationForm> label="Organization type" required placeholder="Select a type" options={ORGANIZATION_TYPE_OPTIONS} name="type" />
          <FormTextField<OrganizationForm> name="website" label="Website" type="url" placeholder="https://" />
          <FormTextField<OrganizationForm> name="taxId" label="Tax ID" />
          <FormSelect<OrganizationForm>
            label="Workspace timezone"
            options={TIMEZONE_OPTIONS}
            name="timezone"
            hint="When the workspace's days and years begin (this year's giving, compliance dates), and the timezone of members who have not chosen their own."
          />
        </div>
        <FormTextField<OrganizationForm> name="description" label="Description" multiline rows={3} />
      </FormSection>
      <FormSection title="Address">
        <div className={styles.grid}>
          <FormTextField<OrganizationForm> name="street" label="Street" autoComplete="street-address" />
          <FormTextField<OrganizationForm> name="city" label="City" autoComplete="address-level2" />
          <FormTextField<OrganizationForm> name="state" label="State" autoComplete="address-level1" />
          <FormTextField<OrganizationForm> name="zip" label="ZIP" autoComplete="postal-code" />
          <FormSelect<OrganizationForm> label="Country" options={COUNTRY_OPTIONS} name="country" />
        </div>
      </FormSection>
      <FormSection title="Branding">
        <div className={styles.grid}>
          <FormTextField<OrganizationForm> name="primaryColor" label="Primary color" type="color" className={styles.color} />
          <FormTextField<OrganizationForm> name="secondaryColor" label="Secondary color" type="color" className={styles.color} />
          <ImageUpload
            slot="logo"
            label="Logo"
            value={images[0] ?? null}
            fileName={fileNames.logo}
            error={imageErrors.logo ?? form.formState.errors.logo?.message}
            onSelect={handleImage}
            onRemove={handleRemove}
          />
          <ImageUpload
            slot="favicon"
            label="Favicon"
            value={images[1] ?? null}
            fileName={fileNames.favicon}
            error={imageErrors.favicon ?? form.formState.errors.favicon?.message}
            onSelect={handleImage}
            onRemove={handleRemove}
          />
        </div>
      </FormSection>
      {canSave ? (
        <div className={styles.actions}>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save Changes
          </Button>
        </div>
      ) : (
        <p className={styles.itemText}>Your role can read these settings; an owner or an admin changes them.</p>
      )}
    </Form>
  );
}

export function OrganizationSettings() {
  const organization = useOrganizationSettings();
  return (
    <SettingsPage title="Organization Settings" subtitle="Your organization's profile, address and branding.">
      {organization.data ? (
        <OrganizationFormView organization={organization.data} />
      ) : organization.isError ? (
        <ErrorState title="Organization settings could not be loaded" error={organization.error} onRetry={() => void organization.refetch()} />
      ) : (
        <Spinner label="Loading organization settings" />
      )}
    </SettingsPage>
  );
}
