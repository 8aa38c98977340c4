import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Modal, Select, Tabs, TextField } from '@caucus/design-system';
import { toast } from '@caucus/design-system/session';
import type { CaucusEvent } from '../api/eventsApi';
import { useCampaignOptions, useSaveEvent } from '../hooks/useEvents';
import {
  EVENT_STATUS_OPTIONS,
  EVENT_TYPE_OPTIONS,
  FIELD_TAB,
  emptyEventForm,
  formFromEvent,
  shapeEventForSave,
  validateEventForm,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
} from '../utils/eventForm';
import styles from './EventFormModal.module.css';

export type EventFormModalProps = {
  open: boolean;
  /** The event to edit; null creates a new one. */
  event: CaucusEvent | null;
  onClose: () => void;
  onSaved?: (event: CaucusEvent) => void;
};

/** Mounted only while open, so each opening starts from the defaults or the event's current values. */
export function EventFormModal(props: EventFormModalProps) {
  if (!props.open) return null;
  return <EventFormDialog {...props} />;
}

type TabId = 'basic' | 'logistics' | 'settings';
const FORM_ID = 'event-form';
const RELATED_ERRORS: Partial<Record<EventFormField, EventFormField[]>> = {
  startDate: ['endDate'],
  startTime: ['endDate'],
  endTime: ['endDate'],
  isVirtual: ['virtualUrl'],
};

function EventFormDialog({ event, onClose, onSaved }: EventFormModalProps) {
  const [values, setValues] = useState<EventFormValues>(() => (event ? formFromEvent(event) : emptyEventForm()));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [tab, setTab] = useState<TabId>('basic');
  const campaigns = useCampaignOptions(true);
  const save = useSaveEvent();

  const set = <K extends EventFormField>(field: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error (and the error it causes elsewhere) clears as soon as the user changes it.
    const cleared = [field, ...(RELATED_ERRORS[field] ?? [])];
    if (cleared.some((key) => errors[key])) {
      setErrors((current) => {
        const next = { ...current };
        for (const key of cleared) delete next[key];
        return next;
      });
    }
  };

  const handleSubmit = (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    const found = validateEventForm(values);
    setErrors(found);
    const first = (Object.keys(found) as EventFormField[])[0];
    if (first) {
      setTab(FIELD_TAB[first]);
      return;
    }
    save.mutate(
      { id: event?.id ?? null, input: shapeEventForSave(values) },
      {
        onSuccess: (data) => {
          toast.success(event ? 'Event updated successfully' : 'Event created successfully');
          onSaved?.(data.event);
          onClose();
        },
        onError: (error) => {
          toast.error('Failed to save event', error instanceof Error ? error.message : undefined);
        },
      },
    );
  };

  const campaignOptions = campaigns.data ?? [];
  const campaignHint = campaigns.isPending
    ? 'Loading campaigns...'
    : campaigns.isError
      ? 'Campaigns could not be loaded'
      : campaignOptions.length === 0
        ? 'Create a campaign first: every event belongs to one.'
        : undefined;

  const basic = (
    <div className={styles.grid}>
      <TextField
        className={styles.wide}
        label="Event Name"
        required
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
      />
      <Select
        label="Campaign"
        required
        placeholder="Select a campaign"
        options={campaignOptions}
        value={values.campaignId}
        onChange={(e) => set('campaignId', e.target.value)}
        error={errors.campaignId}
        hint={campaignHint}
      />
      <TextField
        label="Slug"
        hint="Optional short name for links"
        value={values.slug}
        onChange={(e) => set('slug', e.target.value)}
      />
      <Select
        label="Event Type"
        options={[...EVENT_TYPE_OPTIONS]}
        value={values.eventType}
        onChange={(e) => set('eventType', e.target.value)}
      />
      <Select
        label="Status"
        options={[...EVENT_STATUS_OPTIONS]}
        value={values.status}
        onChange={(e) => set('status', e.target.value)}
      />
      <TextField
        className={styles.wide}
        multiline
        label="Description"
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
      />
    </div>
  );

  const logistics = (
    <div className={styles.grid}>
      <TextField type="date" label="Start Date" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} />
      <TextField
        type="time"
        label="Start Time"
        hint="Without a time the event starts at the beginning of the day (UTC)"
        value={values.startTime}
        onChange={(e) => set('startTime', e.target.value)}
      />
      <TextField
        type="date"
        label="End Date"
        value={values.endDate}
        onChange={(e) => set('endDate', e.target.value)}
        error={errors.endDate}
      />
      <TextField
        type="time"
        label="End Time"
        hint="Without a time the event ends at the end of the day (UTC)"
        value={values.endTime}
        onChange={(e) => set('endTime', e.target.value)}
      />
      <TextField
        className={styles.wide}
        label="Location"
        value={values.location}
        onChange={(e) => set('location', e.target.value)}
      />
      <Checkbox
        className={styles.wide}
        label="Virtual event"
        checked={values.isVirtual}
        onChange={(e) => set('isVirtual', e.target.checked)}
      />
      <TextField
        className={styles.wide}
        type="url"
        label="Virtual URL"
        required={values.isVirtual}
        value={values.virtualUrl}
        onChange={(e) => set('virtualUrl', e.target.value)}
        error={errors.virtualUrl}
      />
      <TextField
        type="number"
        label="Max Attendees"
        hint="0 means unlimited"
        min={0}
        step={1}
        value={values.maxAttendees}
        onChange={(e) => set('maxAttendees', e.target.value)}
        error={errors.maxAttendees}
      />
    </div>
  );

  const settings = (
    <div className={styles.grid}>
      <TextField
        type="number"
        label="Ticket Price"
        min={0}
        step={0.01}
        value={values.ticketPrice}
        onChange={(e) => set('ticketPrice', e.target.value)}
        error={errors.ticketPrice}
      />
      <TextField
        type="number"
        label="Fundraising Goal"
        min={0}
        step={0.01}
        value={values.fundraisingGoal}
        onChange={(e) => set('fundraisingGoal', e.target.value)}
        error={errors.fundraisingGoal}
      />
      <Checkbox
        className={styles.wide}
        label="Public event"
        description="Listed publicly for supporters"
        checked={values.isPublic}
        onChange={(e) => set('isPublic', e.target.checked)}
      />
      <Checkbox
        className={styles.wide}
        label="Allow donations"
        checked={values.allowDonations}
        onChange={(e) => set('allowDonations', e.target.checked)}
      />
      <Checkbox
        className={styles.wide}
        label="Requires RSVP"
        checked={values.requiresRsvp}
        onChange={(e) => set('requiresRsvp', e.target.checked)}
      />
    </div>
  );

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      closeOnBackdropClick={false}
      title={event ? 'Edit Event' : 'Create New Event'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={save.isPending}>
            {event ? 'Update Event' : 'Create Event'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit}>
        <Tabs
          label="Event form sections"
          value={tab}
          onChange={(id) => setTab(id as TabId)}
          keepMounted
          items={[
            { id: 'basic', label: 'Basic Info', content: basic },
            { id: 'logistics', label: 'Logistics', content: logistics },
            { id: 'settings', label: 'Settings', content: settings },
          ]}
        />
      </form>
    </Modal>
  );
}
