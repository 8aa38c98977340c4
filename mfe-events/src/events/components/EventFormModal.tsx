import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Tabs } from '@caucus/design-system';
import { Form, FormCheckbox, FormSelect, FormTextField } from '@caucus/design-system/form';
import { toast, useWorkspaceDatePreferences } from '@caucus/platform';
import type { CaucusEvent } from '../api/eventsApi';
import { useCampaignOptions, useSaveEvent } from '../hooks/useEvents';
import {
  EVENT_STATUS_OPTIONS,
  EVENT_TYPE_OPTIONS,
  FIELD_TAB,
  emptyEventForm,
  eventFormSchema,
  formFromEvent,
  shapeEventForSave,
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
  /** The campaign a new event starts with (opened from that campaign's page). */
  initialCampaignId?: string;
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

function EventFormDialog({ event, onClose, onSaved, initialCampaignId }: EventFormModalProps) {
  // Times are typed and shown on the workspace's clock, whatever zone the browser is in.
  const zoneHint = `Time in ${useWorkspaceDatePreferences().timezone.replace(/_/g, ' ')}`;
  const form = useForm<EventFormValues>({
    // raw: the body is shaped from the fields as typed (shapeEventForSave); the contract only validates.
    resolver: zodResolver(eventFormSchema, undefined, { raw: true }),
    defaultValues: event ? formFromEvent(event) : { ...emptyEventForm(), campaignId: initialCampaignId ?? '' },
    reValidateMode: 'onSubmit',
  });
  const isVirtual = form.watch('isVirtual');
  const [tab, setTab] = useState<TabId>('basic');
  const campaigns = useCampaignOptions(true);
  const save = useSaveEvent();

  // A change also clears the error it caused elsewhere (a new start time may fix "End date must be after start date").
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const related = name ? RELATED_ERRORS[name as EventFormField] : undefined;
      if (related) form.clearErrors(related);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const handleInvalid = (errors: FieldErrors<EventFormValues>) => {
    const first = Object.keys(errors)[0] as EventFormField | undefined;
    if (first) setTab(FIELD_TAB[first]);
  };

  const handleSubmit = (values: EventFormValues) => {
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
      <FormTextField<EventFormValues> className={styles.wide} label="Event Name" required name="name" />
      <FormSelect<EventFormValues> label="Campaign" required placeholder="Select a campaign" options={campaignOptions} name="campaignId" hint={campaignHint} />
      <FormTextField<EventFormValues> label="Slug" hint="Optional short name for links" name="slug" />
      <FormSelect<EventFormValues> label="Event Type" options={[...EVENT_TYPE_OPTIONS]} name="eventType" />
      <FormSelect<EventFormValues> label="Status" options={[...EVENT_STATUS_OPTIONS]} name="status" />
      <FormTextField<EventFormValues> className={styles.wide} multiline label="Description" name="description" />
    </div>
  );

  const logistics = (
    <div className={styles.grid}>
      <FormTextField<EventFormValues> type="date" label="Start Date" name="startDate" />
      <FormTextField<EventFormValues> type="time" label="Start Time" hint={`${zoneHint}; without a time the event lasts the whole day`} name="startTime" />
      <FormTextField<EventFormValues> type="date" label="End Date" name="endDate" />
      <FormTextField<EventFormValues> type="time" label="End Time" hint={zoneHint} name="endTime" />
      <FormTextField<EventFormValues> className={styles.wide} label="Location" name="location" />
      <FormCheckbox<EventFormValues> className={styles.wide} label="Virtual event" name="isVirtual" />
      <FormTextField<EventFormValues> className={styles.wide} type="url" label="Virtual URL" required={isVirtual} name="virtualUrl" />
      <FormTextField<EventFormValues> type="number" label="Max Attendees" hint="0 means unlimited" min={0} step={1} name="maxAttendees" />
    </div>
  );

  const settings = (
    <div className={styles.grid}>
      <FormTextField<EventFormValues> type="number" label="Ticket Price" min={0} step={0.01} name="ticketPrice" />
      <FormTextField<EventFormValues> type="number" label="Fundraising Goal" min={0} step={0.01} name="fundraisingGoal" />
      <FormCheckbox<EventFormValues> className={styles.wide} label="Public event" description="Listed publicly for supporters" name="isPublic" />
      <FormCheckbox<EventFormValues> className={styles.wide} label="Allow donations" name="allowDonations" />
      <FormCheckbox<EventFormValues> className={styles.wide} label="Requires RSVP" name="requiresRsvp" />
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
      <Form form={form} id={FORM_ID} onSubmit={handleSubmit} onInvalid={handleInvalid}>
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
      </Form>
    </Modal>
  );
}
