import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorState, Skeleton, VisuallyHidden } from '@caucus/design-system';
import { api, toast, useMutation, useQuery, useQueryClient, formatUsd } from '@caucus/platform';
import type { GiftReviewResponse, GiftsToReviewResponse } from '@caucus/contract';
import styles from '../Financials.module.css';

// Gifts entered by Staff wait here for the treasurer (docs/adr/0016-roles-and-one-permission-table.md).

export const giftReviewKey = ['financials', 'gifts-to-review'] as const;
export const fetchGiftsToReview = (signal?: AbortSignal) => api.get<GiftsToReviewResponse>('/donations/review', { signal });
export const markReviewed = (donationIds: string[]) => api.post<GiftReviewResponse>('/donations/review', { donationIds });

/** The account's gifts entered by Staff, oldest first: each marked reviewed alone or with the others chosen. */
export function GiftReviewPanel() {
  const queryClient = useQueryClient();
  const queue = useQuery({ queryKey: giftReviewKey, queryFn: ({ signal }) => fetchGiftsToReview(signal) });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const review = useMutation({
    mutationFn: markReviewed,
    onSuccess: async ({ reviewed }) => {
      toast.success(reviewed.length === 1 ? 'Gift marked reviewed' : `${reviewed.length} gifts marked reviewed`);
      setChosen(new Set());
      await queryClient.invalidateQueries({ queryKey: giftReviewKey });
    },
    onError: (error) => toast.error('Could not mark the gifts reviewed', error.message),
  });
  const gifts = queue.data?.gifts ?? [];
  const toggle = (id: string) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = gifts.length > 0 && gifts.every((gift) => chosen.has(gift.id));

  return (
    <section className={styles.stack} aria-labelledby="gift-review-heading">
      <div className={styles.toolbar}>
        <h2 id="gift-review-heading">Gifts to review{queue.data ? ` (${queue.data.total})` : ''}</h2>
        <Button disabled={chosen.size === 0 || review.isPending} onClick={() => review.mutate([...chosen])}>
          {chosen.size > 0 ? `Mark ${chosen.size} reviewed` : 'Mark chosen reviewed'}
        </Button>
      </div>
      <p className={styles.hint}>Gifts entered by Staff users wait here until a treasurer, admin or owner checks them against the check or deposit.</p>
      {queue.isError ? (
        <ErrorState title="Failed to load the gifts to review" error={queue.error} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : !queue.data ? (
        <Skeleton lines={4} />
      ) : gifts.length === 0 ? (
        <EmptyState headingLevel={3} title="Nothing to review" message="Every gift entered by Staff has been reviewed." />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Gifts to review table" tabIndex={0}>
          <table className={styles.table}>
            <caption>
              <VisuallyHidden>Gifts entered by Staff and not yet reviewed, oldest first</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Choose every gift"
                    checked={allChosen}
                    onChange={() => setChosen(allChosen ? new Set() : new Set(gifts.map((gift) => gift.id)))}
                  />
                </th>
                <th scope="col">Date</th>
                <th scope="col">Contributor</th>
                <th scope="col">Campaign</th>
                <th scope="col">Entered by</th>
                <th scope="col" className={styles.amount}>
                  Amount
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((gift) => {
                const name = gift.contactName || 'Unknown contributor';
                return (
                  <tr key={gift.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Choose ${name} ${gift.donationDate ?? ''}`}
                        checked={chosen.has(gift.id)}
                        onChange={() => toggle(gift.id)}
                      />
                    </td>
                    <td>{gift.donationDate}</td>
                    <td>{gift.contactId ? <Link to={`/dashboard/contacts/${encodeURIComponent(gift.contactId)}`}>{name}</Link> : name}</td>
                    <td>{gift.campaign?.name ?? ''}</td>
                    <td>{gift.recordedBy?.name ?? ''}</td>
                    <td className={styles.amount}>{formatUsd(gift.donationAmount)}</td>
                    <td>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={review.isPending}
                        onClick={() => review.mutate([gift.id])}
                        aria-label={`Mark ${name} ${gift.donationDate ?? ''} reviewed`}
                      >
                        Mark reviewed
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {queue.data.total > gifts.length ? (
            <p className={styles.hint}>
              Showing the oldest {gifts.length} of {queue.data.total}.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
