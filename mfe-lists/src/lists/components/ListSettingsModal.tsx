import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ErrorState, Modal, Skeleton } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { listSettingsFormInput, type ListSettings, type ListSettingsFormValues } from '@caucus/contract';
import { useListSettings, useSaveListSettings } from '../hooks/useLists';
import styles from './ListSettingsModal.module.css';

/**
 * The account's settings that smart-list rules read: the lifetime giving from which a contact is a
 * major donor. Here rather than in Settings > Organization, which holds the organization's profile
 * (docs/product/first-run-and-settings.md, Settings).
 */
export function ListSettingsModal({ onClose }: { onClose: () => void }) {
  const settings = useListSettings();
  return (
    <Modal open onClose={onClose} title="List Settings" description="Settings that smart-list rules use.">
      {settings.isPending ? (
        <Skeleton lines={2} />
      ) : settings.isError ? (
        <ErrorState title="List settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <SettingsForm initial={settings.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function SettingsForm({ initial, onClose }: { initial: ListSettings; onClose: () => void }) {
  const save = useSaveListSettings();
  // The contract's schema, the amount read from the typed text: the form shows the API's own message.
  const form = useForm<ListSettingsFormValues, unknown, ListSettings>({
    defaultValues: { majorGiftThreshold: String(initial.majorGiftThreshold) },
    resolver: zodResolver(listSettingsFormInput),
  });
  return (
    <Form form={form} onSubmit={(values) => save.mutate(values, { onSuccess: onClose })} className={styles.form}>
      <FormTextField<ListSettingsFormValues>
        name="majorGiftThreshold"
        label="Major gift threshold (USD)"
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        hint="A contact whose lifetime giving reaches this amount is a major donor (the “Major donor” rule). Smart lists follow a change the next time their rules are applied."
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save Settings
        </Button>
      </div>
    </Form>
  );
}
