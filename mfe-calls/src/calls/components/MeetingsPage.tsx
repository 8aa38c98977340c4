import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, Checkbox, EmptyState, ErrorState, PageHeader, Select, Skeleton, TextField } from '@caucus/design-system';
import { Form, FormTextField } from '@caucus/design-system/form';
import { formatCalendarDate, formatDateTime, toast, useCan, useSession, useWorkspaceDatePreferences, workspaceCalendarDate } from '@caucus/platform';
import { useContactSearch, useCreateMeeting, useMeetings, useTeam } from '../hooks/useCalls';
import { emptyMeetingForm, meetingBody, meetingResolver, type MeetingFormValues } from '../utils/meetingForm';
import styles from './calls.module.css';

const contactName = (c: { firstName: string | null; lastName: string | null; organization: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.organization || 'Unnamed contact';

function MeetingForm({ onClose }: { onClose: () => void }) {
  const { session } = useSession();
  const zone = useWorkspaceDatePreferences().timezone.replace(/_/g, ' ');
  const form = useForm<MeetingFormValues>({
    resolver: meetingResolver,
    defaultValues: emptyMeetingForm(workspaceCalendarDate(), session?.user.id),
    reValidateMode: 'onSubmit',
  });
  const [search, setSearch] = useState('');
  const contacts = useContactSearch(search);
  const team = useTeam();
  const create = useCreateMeeting();
  const attendees = form.watch('attendeeIds');
  const contactError = form.formState.errors.contactId?.message;

  const handleSubmit = (values: MeetingFormValues) => {
    create.mutate(meetingBody(values), {
      onSuccess: (data) => {
        toast.success(`Meeting with ${data.meeting.contactName} logged`);
        onClose();
      },
      onError: (error) => toast.error('The meeting could not be logged', error instanceof Error ? error.message : undefined),
    });
  };

  return (
    <Card title="Log a meeting" headingLevel={2}>
      <Form form={form} onSubmit={handleSubmit} aria-label="Log a meeting">
        <div className={styles.formGrid}>
          <TextField label="Find the contact" value={search} onChange={(e) => setSearch(e.target.value)} hint="Type two letters or more of a name or email" />
          <Select
            label="Contact"
            required
            placeholder={contacts.isFetching ? 'Searching...' : 'Select the contact'}
            value={form.watch('contactId')}
            onChange={(e) => {
              form.setValue('contactId', e.target.value);
              form.clearErrors('contactId');
            }}
            error={contactError}
            options={(contacts.data ?? []).map((c) => ({ value: c.id, label: `${contactName(c)}${c.primaryEmail ? ` (${c.primaryEmail})` : ''}` }))}
          />
          <FormTextField<MeetingFormValues> label="Subject" required name="subject" />
          <FormTextField<MeetingFormValues> label="Meeting date" type="date" required name="date" />
          <FormTextField<MeetingFormValues> label="Time" type="time" name="time" hint={`Time in ${zone}`} />
          <fieldset className={styles.fieldset}>
            <legend>Attendees from the team</legend>
            {(team.data ?? []).map((person) => (
              <Checkbox
                key={person.id}
                label={person.name}
                checked={attendees.includes(person.id)}
                onChange={(e) => form.setValue('attendeeIds', e.target.checked ? [...attendees, person.id] : attendees.filter((id) => id !== person.id))}
              />
            ))}
          </fieldset>
          <FormTextField<MeetingFormValues> className={styles.wide} label="Notes" multiline name="notes" />
          <FormTextField<MeetingFormValues> label="Follow-up" name="followUp" hint="What was promised, what to send" />
          <FormTextField<MeetingFormValues> label="Follow-up date" type="date" name="followUpDate" />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={create.isPending}>
            Save meeting
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The log of meetings with donors and prospects, newest first. */
export function MeetingsPage() {
  const meetings = useMeetings();
  const [logging, setLogging] = useState(false);
  const canLog = useCan('calls.write');
  return (
    <section aria-labelledby="meetings-title" className={styles.page}>
      <PageHeader
        title="Meetings"
        titleId="meetings-title"
        subtitle="Meetings with donors and prospects, who from the team was there, and what follows."
        actions={!logging && canLog && <Button onClick={() => setLogging(true)}>Log a meeting</Button>}
      />
      {logging && <MeetingForm onClose={() => setLogging(false)} />}
      {meetings.isPending ? (
        <Skeleton lines={5} />
      ) : meetings.isError ? (
        <ErrorState title="Meetings could not be loaded" error={meetings.error} onRetry={() => void meetings.refetch()} />
      ) : meetings.data.meetings.length === 0 ? (
        !logging && <EmptyState title="No meetings logged yet" message="Log a meeting to keep it on the contact's history." />
      ) : (
        <ul className={styles.rows} aria-label="Meetings">
          {meetings.data.meetings.map((meeting) => (
            <li key={meeting.id} className={styles.row}>
              <div className={styles.rowMain}>
                <strong>
                  {meeting.subject} · {meeting.contactName}
                </strong>
                <span className={styles.muted}>
                  {formatDateTime(meeting.metAt)}
                  {meeting.attendees.length > 0 ? ` · with ${meeting.attendees.map((a) => a.name).join(', ')}` : ''}
                </span>
                {meeting.notes && <span>{meeting.notes}</span>}
                {(meeting.followUp || meeting.followUpDate) && (
                  <span className={styles.notice}>
                    Follow-up{meeting.followUpDate ? ` by ${formatCalendarDate(meeting.followUpDate)}` : ''}: {meeting.followUp ?? ''}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
