import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Avatar, Badge, buttonClassName, Card, ErrorState, Skeleton } from '@caucus/design-system';
import { useCan, formatDate, formatUsd } from '@caucus/platform';
import { ContactGiving } from '../../financials';
import { ContactMessages } from '../../messages/ContactMessages';
import { ContactHistory } from './ContactHistory';
import type { ContactWithImages } from '../api/contactsApi';
import { useContact } from '../hooks/useContacts';
import { ContactMeetings } from './ContactMeetings';
import { CONTACTS_PATH, contactPath, editContactPath } from '../paths';
import { addressesWithPrimary, emailsWithPrimary, phonesWithPrimary } from '../utils/contactChannels';
import { labelOf } from '../utils/contactForm';
import { contactLocation, contactName } from '../utils/format';
import styles from './ContactDetail.module.css';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Card title={title} headingLevel={2}>
      {count === 0 ? <p className={styles.none}>None recorded</p> : <ul className={styles.list}>{children}</ul>}
    </Card>
  );
}

function profileImage(contact: ContactWithImages): string | null {
  if (contact.profileImageUrl) return contact.profileImageUrl;
  if (contact.profileImageKey && contact.signedImageUrls) return contact.signedImageUrls[contact.profileImageKey] ?? null;
  return null;
}

function ContactView({ contact }: { contact: ContactWithImages }) {
  const name = contactName(contact);
  const phones = phonesWithPrimary(contact);
  const emails = emailsWithPrimary(contact);
  const addresses = addressesWithPrimary(contact);
  return (
    <>
      <Card>
        <div className={styles.header}>
          <Avatar name={name} src={profileImage(contact)} size="lg" />
          <div className={styles.identity}>
            <h1 className={styles.name}>{name}</h1>
            {contact.title || contact.organization ? <p className={styles.role}>{[contact.title, contact.organization].filter(Boolean).join(' at ')}</p> : null}
          </div>
          <Badge tone={contact.status === 'active' ? 'success' : 'neutral'}>{labelOf(contact.status)}</Badge>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>Email</dt>
            <dd>{contact.primaryEmail ? <a href={`mailto:${contact.primaryEmail}`}>{contact.primaryEmail}</a> : '—'}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{contact.primaryPhone ? <a href={`tel:${contact.primaryPhone}`}>{contact.primaryPhone}</a> : '—'}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{contactLocation(contact) || '—'}</dd>
          </div>
          {/* What FEC Schedule A reports for each contributor (and what the contact form records). */}
          <div>
            <dt>Employer</dt>
            <dd>{contact.employer || '—'}</dd>
          </div>
          <div>
            <dt>Occupation</dt>
            <dd>{contact.occupation || '—'}</dd>
          </div>
          <div>
            <dt>Total Donated</dt>
            <dd>{formatUsd(contact.totalDonated)}</dd>
          </div>
          <div>
            <dt>Tags</dt>
            <dd>
              {contact.tags.length > 0 ? (
                <ul className={styles.tags} aria-label="Tags">
                  {contact.tags.map((tag) => (
                    <li key={tag}>
                      <Badge>{tag}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
      </Card>
      <ContactGiving contactId={contact.id} />
      <ContactMessages contactId={contact.id} />
      <div className={styles.sections}>
        <Section title="Phone Numbers" count={phones.length}>
          {phones.map((phone) => (
            <li key={phone.id}>
              <a href={`tel:${phone.phoneNumber}`}>{phone.phoneNumber}</a>
              {phone.extension ? ` ext. ${phone.extension}` : ''} {phone.phoneType ? <span className={styles.meta}>{labelOf(phone.phoneType)}</span> : null}
              {phone.isPrimary ? (
                <Badge tone="info" className={styles.primary}>
                  Primary
                </Badge>
              ) : null}
            </li>
          ))}
        </Section>
        <Section title="Email Addresses" count={emails.length}>
          {emails.map((email) => (
            <li key={email.id}>
              <a href={`mailto:${email.emailAddress}`}>{email.emailAddress}</a>{' '}
              {email.emailType ? <span className={styles.meta}>{labelOf(email.emailType)}</span> : null}
              {email.isPrimary ? (
                <Badge tone="info" className={styles.primary}>
                  Primary
                </Badge>
              ) : null}
            </li>
          ))}
        </Section>
        <Section title="Addresses" count={addresses.length}>
          {addresses.map((address) => (
            <li key={address.id}>
              {address.addressType ? <span className={styles.meta}>{labelOf(address.addressType)}</span> : null}
              {address.isPrimary ? (
                <Badge tone="info" className={styles.primary}>
                  Primary
                </Badge>
              ) : null}
              <address className={styles.address}>
                {[address.streetAddress1, address.streetAddress2].filter(Boolean).join(', ')}
                <br />
                {`${address.city}, ${address.stateProvince} ${address.postalCode}`} {address.country}
              </address>
            </li>
          ))}
        </Section>
        <Section title="Education" count={contact.education?.length ?? 0}>
          {contact.education?.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.institutionName}</strong>
              <div className={styles.meta}>
                {[
                  entry.degreeName ?? (entry.degreeType ? labelOf(entry.degreeType) : null),
                  entry.fieldOfStudy,
                  entry.graduationYear,
                  entry.gpa !== null ? `GPA ${entry.gpa}` : null,
                  entry.honors,
                ]
                  .filter((part) => part !== null && part !== '')
                  .join(' · ')}
              </div>
            </li>
          ))}
        </Section>
        <Section title="Employment History" count={contact.employment?.length ?? 0}>
          {contact.employment?.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.jobTitle ? `${entry.jobTitle} at ${entry.companyName}` : entry.companyName}</strong>
              <div className={styles.meta}>
                {[entry.department, entry.employmentType ? labelOf(entry.employmentType) : null].filter(Boolean).join(' · ')}
                {entry.startDate || entry.endDate || entry.isCurrent
                  ? ` ${formatDate(entry.startDate) || '?'} – ${entry.isCurrent ? 'Present' : formatDate(entry.endDate) || '?'}`
                  : ''}
              </div>
            </li>
          ))}
        </Section>
        <ContactMeetings contactId={contact.id} />
        <Section title="Related Contacts" count={contact.associations?.length ?? 0}>
          {contact.associations?.map((association) => (
            <li key={association.id}>
              <Link to={contactPath(association.associatedContactId)}>
                {association.associatedContact ? contactName(association.associatedContact) : 'Related contact'}
              </Link>{' '}
              <span className={styles.meta}>
                {labelOf(association.relationshipType)}
                {association.relationshipDescription ? ` — ${association.relationshipDescription}` : ''}
              </span>
            </li>
          ))}
        </Section>
        <Section title="Notes" count={contact.notes?.length ?? 0}>
          {contact.notes?.map((note) => (
            <li key={note.id} className={styles.note}>
              {note.subject ? <strong>{note.subject}</strong> : null}
              <p className={styles.noteContent}>{note.content}</p>
              <div className={styles.meta}>
                {[
                  labelOf(note.noteType),
                  formatDate(note.createdAt),
                  note.creator ? `by ${note.creator.firstName} ${note.creator.lastName}` : null,
                  note.isPrivate ? 'Private' : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </li>
          ))}
        </Section>
        <ContactHistory contactId={contact.id} />
      </div>
    </>
  );
}

export function ContactDetail() {
  const { id = '' } = useParams();
  const query = useContact(id);
  // A read-only role is not offered the edit it could not save.
  const canEdit = useCan('contacts.write');
  const navigate = useNavigate();
  const survivorId = query.data && query.data.id !== id ? query.data.id : null;
  useEffect(() => {
    // A merged-away contact's old link answers with the record it was merged into: show it at its own URL.
    if (survivorId) void navigate(`../${survivorId}`, { replace: true, relative: 'path' });
  }, [survivorId, navigate]);

  return (
    <section className={styles.page}>
      <div className={styles.topbar}>
        <Link className={styles.back} to={CONTACTS_PATH}>
          ← Back to contacts
        </Link>
        {canEdit ? (
          <Link className={buttonClassName({ variant: 'secondary' })} to={editContactPath(id)}>
            Edit Contact
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <Card>
          <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading contact">
            <Skeleton width="4rem" height="4rem" />
            <Skeleton width="16rem" height="1.5rem" />
            <Skeleton width="10rem" height="1rem" />
          </div>
        </Card>
      ) : query.isError ? (
        <ErrorState title="This contact could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <ContactView contact={query.data} />
      )}
    </section>
  );
}
