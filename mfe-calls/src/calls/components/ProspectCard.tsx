import type { Prospect } from '@caucus/contract';
import { formatCalendarDate, formatDateTime, formatAmount } from '@caucus/platform';
import { outcomeLabel } from '../utils/outcomes';
import styles from './CallerScreen.module.css';

/** Everything the caller needs about one prospect, read at a glance. */
export function ProspectCard({ prospect }: { prospect: Prospect }) {
  const work = [prospect.occupation, prospect.employer].filter(Boolean).join(' at ');
  const place = [prospect.city, prospect.state].filter(Boolean).join(', ');
  const { giving } = prospect;
  return (
    <article className={styles.prospect} aria-labelledby="prospect-name">
      <header className={styles.prospectHeader}>
        <h2 id="prospect-name">{prospect.name}</h2>
        <p className={styles.muted}>{[work || 'Occupation and employer not recorded', place].filter(Boolean).join(' · ')}</p>
      </header>

      <div className={styles.phones}>
        {prospect.phones.length === 0 ? (
          <p>No phone number on record.</p>
        ) : (
          prospect.phones.map((phone) => (
            <a key={phone.number} className={styles.phone} href={`tel:${phone.number.replace(/[^\d+]/g, '')}`}>
              <span className={styles.phoneLabel}>{phone.label}</span> {phone.number}
            </a>
          ))
        )}
      </div>

      <div className={styles.ask} aria-label="Suggested ask">
        <span className={styles.askLabel}>Suggested ask</span>
        <strong className={styles.askAmount}>{prospect.suggestedAsk === null ? 'No ask' : formatAmount(prospect.suggestedAsk)}</strong>
        <span className={styles.muted}>{prospect.askReason}</span>
      </div>

      <div className={styles.columns}>
        <section aria-labelledby="giving-title">
          <h3 id="giving-title">Giving history</h3>
          <dl className={styles.facts}>
            <dt>Total given</dt>
            <dd>
              {formatAmount(giving.totalDonated)} in {giving.donationCount} {giving.donationCount === 1 ? 'gift' : 'gifts'}
            </dd>
            <dt>Last gift</dt>
            <dd>
              {giving.lastDonationDate
                ? `${formatAmount(giving.lastDonationAmount, { missing: '—' })} on ${formatCalendarDate(giving.lastDonationDate)}`
                : 'Never gave'}
            </dd>
            <dt>Largest gift</dt>
            <dd>{formatAmount(giving.largestDonationAmount, { missing: '—' })}</dd>
          </dl>
          {giving.recent.length > 0 && (
            <ul className={styles.plainList} aria-label="Recent gifts">
              {giving.recent.map((gift) => (
                <li key={gift.id}>
                  {formatCalendarDate(gift.date)}: {formatAmount(gift.amount)}
                  {gift.campaignName ? ` to ${gift.campaignName}` : ''}
                  {gift.electionCode ? ` (${gift.electionCode})` : ''}
                </li>
              ))}
            </ul>
          )}
          {prospect.openPledges.length > 0 && (
            <p className={styles.notice}>
              Open pledges:{' '}
              {prospect.openPledges
                .map((p) => `${formatAmount(p.amount)} from ${formatCalendarDate(p.pledgeDate)} (${formatAmount(p.amountFulfilled)} in)`)
                .join('; ')}
            </p>
          )}
        </section>

        <section aria-labelledby="limits-title">
          <h3 id="limits-title">Election limits</h3>
          {prospect.elections.length === 0 ? (
            <p className={styles.muted}>The campaign has no committee with elections: no limit applies.</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Election</th>
                  <th scope="col">Given</th>
                  <th scope="col">Limit</th>
                  <th scope="col">Can still give</th>
                </tr>
              </thead>
              <tbody>
                {prospect.elections.map((e) => (
                  <tr key={e.electionCode} className={e.electionCode === prospect.currentElection?.electionCode ? styles.current : undefined}>
                    <th scope="row">{e.electionCode}</th>
                    <td>{formatAmount(e.aggregate)}</td>
                    <td>{formatAmount(e.limit)}</td>
                    <td>{formatAmount(e.remaining)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="calls-title">
          <h3 id="calls-title">Past calls</h3>
          {prospect.pastCalls.length === 0 ? (
            <p className={styles.muted}>Never called.</p>
          ) : (
            <ul className={styles.plainList}>
              {prospect.pastCalls.map((call) => (
                <li key={call.id}>
                  <strong>{outcomeLabel(call.outcome)}</strong>
                  {call.amount !== null ? ` ${formatAmount(call.amount)}` : ''} · {formatDateTime(call.at)}
                  {call.callerName ? ` · ${call.callerName}` : ''}
                  {call.notes ? <div className={styles.muted}>{call.notes}</div> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </article>
  );
}
