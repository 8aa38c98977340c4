import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@caucus/design-system';
import { EventsPage } from './events/components/EventsPage';
import styles from './Section.module.css';

// The events page opens the section; an event's page (with the event form) loads when first
// opened, so the section's first page stays small (ADR 0008).
const EventDetailsPage = lazy(async () => ({ default: (await import('./events/components/EventDetailsPage')).EventDetailsPage }));

/**
 * The events section as the shell mounts it at /dashboard/events/*. It relies on the
 * shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Suspense fallback={<Skeleton lines={6} />}>
        <Routes>
          <Route index element={<EventsPage />} />
          <Route path="new" element={<EventsPage key="new" startCreating />} />
          <Route path=":eventId" element={<EventDetailsPage />} />
          <Route path="*" element={<EventsPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}

export default Section;
