import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@caucus/design-system';
import { FinancialsPage } from './financials/components/FinancialsPage';
import styles from './Section.module.css';

// A report's summary page loads when first opened, so the section's first page stays small (ADR 0008).
const ReportPage = lazy(async () => ({ default: (await import('./financials/components/ReportPage')).ReportPage }));

/**
 * The financials section as the shell mounts it at /dashboard/financials/*. It relies on the
 * shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Suspense fallback={<Skeleton lines={6} />}>
        <Routes>
          <Route index element={<FinancialsPage />} />
          <Route path="reports/:reportId" element={<ReportPage />} />
          <Route path="*" element={<FinancialsPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}

export default Section;
