import { Route, Routes } from 'react-router-dom';
import { CampaignDetailPage } from './campaigns/components/CampaignDetailPage';
import { CampaignFormPage } from './campaigns/components/CampaignFormPage';
import { CampaignsPage } from './campaigns/components/CampaignsPage';
import styles from './Section.module.css';

/**
 * The campaigns section as the shell mounts it at /dashboard/campaigns/*. It relies on the
 * shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Routes>
        <Route path="new" element={<CampaignFormPage />} />
        <Route path=":id/edit" element={<CampaignFormPage />} />
        <Route path=":id" element={<CampaignDetailPage />} />
        <Route path="*" element={<CampaignsPage />} />
      </Routes>
    </div>
  );
}

export default Section;
