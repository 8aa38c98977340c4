import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Card } from '@caucus/design-system';
import { api, formatCalendarDate, formatDateTime } from '@caucus/platform';
import type { Meeting } from '@caucus/contract';
import styles from './ContactDetail.module.css';

/** Where the team logs meetings: the Calls & Meetings section (a link, not an import of that remote). */
const MEETINGS_PATH = '/dashboard/calls-meetings/meetings';

/** The contact's meetings with the team, latest first, on the contact's history. */
export function ContactMeetings({ contactId }: { contactId: string }) {
  const query = useQuery({
    queryKey: ['contacts', 'meetings', contactId],
    queryFn: ({ signal }) => api.get<{ meetings?: Meeting[] }>(`/contacts/${encodeURIComponent(contactId)}/meetings`, { signal }),
  });
  const meetings = query.data?.meetings ?? [];
  return (
    <Card title="Meetings" headingLevel={2}>
      {query.isPending ? (
        <p className={styles.none}>Loading meetings...</p>
      ) : query.isError ? (
        <p className={styles.none}>Meetings could not be loaded.</p>
      ) : meetings.length === 0 ? (
        <p className={styles.none}>
          None recorded. <Link to={MEETINGS_PATH}>Log a meeting</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {meetings.map((meeting) => (
            <li key={meeting.id}>
              <strong>{meeting.subject}</strong>
              <div className={styles.meta}>
                {formatDateTime(meeting.metAt)}
                {meeting.attendees.length > 0 ? ` · with ${meeting.attendees.map((a) => a.name).join(', ')}` : ''}
              </div>
              {meeting.notes ? <div>{meeting.notes}</div> : null}
              {meeting.followUp || meeting.followUpDate ? (
                <div className={styles.meta}>
                  Follow-up{meeting.followUpDate ? ` by ${formatCalendarDate(meeting.followUpDate)}` : ''}: {meeting.followUp ?? ''}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
