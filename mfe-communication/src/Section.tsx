import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@caucus/design-system';
import { CommunicationPage } from './communication/components/CommunicationPage';
import styles from './Section.module.css';

// One send's page (each recipient's state) loads when first opened, so the section's first page stays small (ADR 0008).
const SendPage = lazy(async () => ({ default: (await import('./communication/components/SendPage')).SendPage }));

/** The communication section as the shell mounts it at /dashboard/communication/*. */
export function Section() {
  return (
    <div className={styles.root}>
      <Suspense fallback={<Skeleton lines={6} />}>
        <Routes>
          <Route index element={<CommunicationPage tab="thanks" />} />
          <Route path="templates" element={<CommunicationPage tab="templates" />} />
          <Route path="lists" element={<CommunicationPage tab="lists" />} />
          <Route path="messages/:sendId" element={<SendPage />} />
          <Route path="*" element={<CommunicationPage tab="thanks" />} />
        </Routes>
      </Suspense>
    </div>
  );
}

export default Section;
