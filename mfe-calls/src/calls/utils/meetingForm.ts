import { firstMessageByField, meetingInputSchema, type MeetingInput } from '@caucus/contract';
import { workspaceInstant } from '@caucus/platform';
import type { Resolver } from 'react-hook-form';

/** What the meeting form edits: the date and time on the workspace's clock. */
export type MeetingFormValues = {
  contactId: string;
  date: string;
  time: string;
  subject: string;
  attendeeIds: string[];
  notes: string;
  followUp: string;
  followUpDate: string;
};

export const emptyMeetingForm = (today: string, me: string | undefined): MeetingFormValues => ({
  contactId: '',
  date: today,
  time: '',
  subject: '',
  attendeeIds: me ? [me] : [],
  notes: '',
  followUp: '',
  followUpDate: '',
});

export function meetingBody(values: MeetingFormValues): MeetingInput {
  return {
    contactId: values.contactId,
    // A meeting without a time is logged at noon that day, so it stays on that day in every zone nearby.
    metAt: values.date ? (workspaceInstant(values.date, values.time || '12:00') ?? values.date) : '',
    subject: values.subject,
    attendeeIds: values.attendeeIds,
    notes: values.notes || null,
    followUp: values.followUp || null,
    followUpDate: values.followUpDate || null,
  };
}

const FIELD_OF: Record<string, keyof MeetingFormValues> = { metAt: 'date' };

/** The contract's schema checks the shaped body; its messages land under the form's fields. */
export const meetingResolver: Resolver<MeetingFormValues> = async (values) => {
  const messages = firstMessageByField<string>(meetingInputSchema, meetingBody(values));
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, message] of Object.entries(messages)) {
    if (message) errors[FIELD_OF[field] ?? field] = { type: 'contract', message };
  }
  return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
};
