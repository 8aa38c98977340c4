import { Link, useParams } from 'react-router-dom';
import { Avatar, Badge, Card, ErrorState, Skeleton } from '@caucus/design-system';
import { useContact } from '../hooks/useContacts';
import { contactLocation, contactName, formatUsd } from '../utils/format';
import styles from './ContactDetail.module.css';

export function ContactDetail() {
  const { id = '' } = useParams();
  const query = useContact(id);

  return (
    <section className={styles.page}>
      <Link className={styles.back} to="..">
        ← Back to contacts
      </Link>
      {query.isPending ? (
        <Card>
          <div className={styles.loading} aria-busy="true" aria-label="Loading contact">
            <Skeleton width="4rem" height="4rem" />
            <Skeleton width="16rem" height="1.5rem" />
            <Skeleton width="10rem" height="1rem" />
          </div>
        </Card>
      ) : query.isError ? (
        <ErrorState
          title="This contact could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Card>
          <div className={styles.header}>
            <Avatar name={contactName(query.data)} size="lg" />
            <div className={styles.identity}>
              <h1 className={styles.name}>{contactName(query.data)}</h1>
              {query.data.title || query.data.organization ? (
                <p className={styles.role}>
                  {[query.data.title, query.data.organization].filter(Boolean).join(' at ')}
                </p>
              ) : null}
            </div>
            <Badge tone={query.data.status === 'active' ? 'success' : 'neutral'}>{query.data.status}</Badge>
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>Email</dt>
              <dd>
                {query.data.primaryEmail ? (
                  <a href={`mailto:${query.data.primaryEmail}`}>{query.data.primaryEmail}</a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                {query.data.primaryPhone ? (
                  <a href={`tel:${query.data.primaryPhone}`}>{query.data.primaryPhone}</a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{contactLocation(query.data) || '—'}</dd>
            </div>
            <div>
              <dt>Total Donated</dt>
              <dd>{formatUsd(query.data.totalDonated)}</dd>
            </div>
          </dl>
        </Card>
      )}
    </section>
  );
}
