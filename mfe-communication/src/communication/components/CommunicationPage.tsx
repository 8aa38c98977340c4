import { lazy, Suspense, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader, Skeleton, Tabs } from '@caucus/design-system';
import { ThankYouQueue } from './ThankYouQueue';

// The other tabs (forms with the contract's schemas) load when first opened: the section's first
// page is all it loads (ADR 0008).
const TemplatesPanel = lazy(async () => ({ default: (await import('./TemplatesPanel')).TemplatesPanel }));
const ListEmailPanel = lazy(async () => ({ default: (await import('./ListEmailPanel')).ListEmailPanel }));
const later = (panel: ReactElement) => <Suspense fallback={<Skeleton lines={6} />}>{panel}</Suspense>;

export type CommunicationTab = 'thanks' | 'templates' | 'lists';
const PATHS: Record<CommunicationTab, string> = {
  thanks: '/dashboard/communication',
  templates: '/dashboard/communication/templates',
  lists: '/dashboard/communication/lists',
};

export type CommunicationPageProps = { tab: CommunicationTab };

/** Thank-yous, templates and email to lists, one tab each; the tab is part of the URL. */
export function CommunicationPage({ tab }: CommunicationPageProps) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Communication" subtitle="Thank every donor on time, and write to your lists" />
      <Tabs
        label="Communication"
        value={tab}
        onChange={(id) => navigate(PATHS[id as CommunicationTab])}
        items={[
          { id: 'thanks', label: 'Thank-yous', content: <ThankYouQueue /> },
          { id: 'templates', label: 'Templates', content: later(<TemplatesPanel />) },
          { id: 'lists', label: 'Email a list', content: later(<ListEmailPanel />) },
        ]}
      />
    </>
  );
}
