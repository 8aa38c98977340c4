import { Button, EmptyState, Skeleton } from '@caucus/design-system';
import { usePlans } from '../hooks/usePlans';
import { PlanCard } from '../components/PlanCard';
import { PageHero } from './PageHero';
import styles from './PricingPage.module.css';

export function PricingPage() {
  const query = usePlans();
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple pricing for every team"
        lead="Monthly plans with unlimited contacts and every feature included. Pick the number of users you need."
      />
      <div className={styles.container}>
        {query.isPending ? (
          <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading plans" data-plans="">
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} className={styles.skeleton}>
                <Skeleton width="50%" height="1.5rem" />
                <Skeleton width="70%" height="2.5rem" />
                <Skeleton lines={5} />
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <div role="alert" className={styles.error}>
            <p className={styles.errorTitle}>Plans could not be loaded</p>
            <p className={styles.errorText}>{query.error.message}</p>
            <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              Retry
            </Button>
          </div>
        ) : query.data.plans.length === 0 ? (
          <EmptyState title="No plans are available right now" message="Please check back shortly or contact us." />
        ) : (
          <div className={styles.grid}>
            {query.data.plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </div>
        )}
        <ul className={styles.claims}>
          <li>30-day money-back guarantee</li>
          <li>Support replies within 24 hours</li>
          <li>Cancel any time</li>
        </ul>
      </div>
    </>
  );
}
