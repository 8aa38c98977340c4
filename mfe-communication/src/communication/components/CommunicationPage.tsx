import { useNavigate } from 'react-router-dom';
import { PageHeader, Tabs } from '@caucus/design-system';
import { ListEmailPanel } from './ListEmailPanel';
import { TemplatesPanel } from './TemplatesPanel';
import { ThankYouQueue } from './ThankYouQueue';

export type CommunicationTab = 'thanks' | 'templates' | 'lists';
const PATHS: Record<CommunicationTab, string> = { thanks: '/dashboard/communication', templates: '/dashboard/communication/templates', lists: '/dashboard/communication/lists' };

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
          { id: 'templates', label: 'Templates', content: <TemplatesPanel /> },
          { id: 'lists', label: 'Email a list', content: <ListEmailPanel /> },
        ]}
      />
    </>
  );
}
