import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@caucus/design-system';
import { CampaignsPage } from './campaigns/components/CampaignsPage';
import styles from './Section.module.css';

// The campaigns page opens the section; the form (zod, the contract's schemas) and a campaign's
// detail load when first opened, so the section's first page stays small (ADR 0008).
const CampaignDetailPage = lazy(async () => ({ default: (await import('./campaigns/components/CampaignDetailPage')).CampaignDetailPage }));
const CampaignFormPage = lazy(async () => ({ default: (await import('./campaigns/components/CampaignForm/CampaignFormPage')).CampaignFormPage }));

/**
 * The campaigns section as the shell mounts it at /dashboard/campaigns/*. It relies on the
 * shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Suspense fallback={<Skeleton lines={6} />}>
        <Routes>
          <Route path="new" element={<CampaignFormPage />} />
          <Route path=":id/edit" element={<CampaignFormPage />} />
          <Route path=":id" element={<CampaignDetailPage />} />
          <Route path="*" element={<CampaignsPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}

export default Section;
