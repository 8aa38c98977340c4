import { Link } from 'react-router-dom';
import { Badge, Card } from '@caucus/design-system';
import type { ContactList } from '../api/listsApi';
import { listPath } from '../paths';
import { formatInstantDate } from '@caucus/platform';
import { creatorName, memberCountLabel, typeLabel } from '../utils/format';
import styles from './ContactListCard.module.css';

export function ContactListCard({ list }: { list: ContactList }) {
  const created = formatInstantDate(list.createdAt);
  const creator = creatorName(list.creator);
  return (
    <Card className={styles.card}>
      <article aria-labelledby={`list-${list.id}`} className={styles.body}>
        <div className={styles.top}>
          <h2 id={`list-${list.id}`} className={styles.name}>
            <Link to={listPath(list.id)} className={styles.link}>
              {list.name}
            </Link>
          </h2>
          <Badge tone={list.type === 'smart' ? 'info' : 'neutral'}>{typeLabel(list.type)}</Badge>
        </div>
        <p className={styles.members}>{memberCountLabel(list.memberCount)}</p>
        {list.description ? <p className={styles.description}>{list.description}</p> : null}
        {list.tags.length > 0 ? (
          <ul className={styles.tags} aria-label="Tags">
            {list.tags.map((tag) => (
              <li key={tag} className={styles.tag}>
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {created || creator ? (
          <p className={styles.meta}>
            {created ? `Created ${created}` : 'Created'}
            {creator ? ` by ${creator}` : ''}
          </p>
        ) : null}
      </article>
    </Card>
  );
}
