import { Route, Routes } from 'react-router-dom';
import { EventDetailsPage } from './events/components/EventDetailsPage';
import { EventsPage } from './events/components/EventsPage';
import styles from './Section.module.css';

/**
 * The events section as the shell mounts it at /dashboard/events/*. It relies on the
 * shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Routes>
        <Route index element={<EventsPage />} />
        <Route path="new" element={<EventsPage key="new" startCreating />} />
        <Route path=":eventId" element={<EventDetailsPage />} />
        <Route path="*" element={<EventsPage />} />
      </Routes>
    </div>
  );
}

export default Section;
